import type { ActivityEvent, ActivityResponse } from '@backoffice/contract';

export const ADMIN_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_ADMIN_ID = '22222222-2222-4222-8222-222222222222';

/** An activity entry: an approval of an existing ad by Ruwan unless overridden. */
export function makeEvent(n: number, overrides: Partial<ActivityEvent> = {}): ActivityEvent {
  return {
    _id: `evt-${n}`,
    entity: 'ad',
    entityId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    entityLabel: `Ad number ${n}`,
    exists: true,
    action: 'approved',
    actor: { _id: ADMIN_ID, name: 'Ruwan Jayasinghe' },
    at: '2026-11-18T06:00:00.000Z',
    ...overrides,
  };
}

export function makeActivity(events: ActivityEvent[], overrides: Partial<ActivityResponse> = {}): ActivityResponse {
  return { success: true, events, total: events.length, page: 1, pageSize: 10, ...overrides };
}
