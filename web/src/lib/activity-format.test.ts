import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { actionLabels, detailsText, entityLabels, eventLink } from './activity-format';

/** The activity log names an export of personal data in words (docs/decisions/0018-exports-and-bulk.md). */
describe('activity format of exports', () => {
  it('has words for every action and entity, exports among them', () => {
    expect(AUDIT_ACTIONS.filter((a) => !actionLabels[a])).toEqual([]);
    expect(AUDIT_ENTITIES.filter((e) => !entityLabels[e])).toEqual([]);
    expect([actionLabels.exported, entityLabels.export]).toEqual(['Exported', 'Export']);
  });

  it("gives an export's rows, filters and whether it stopped early in one line", () => {
    expect(detailsText({ rows: 2, filters: { q: '_one', status: 'active' } })).toBe(
      '2 rows · Filters: q: _one, status: active',
    );
    expect(detailsText({ rows: 1, filters: {}, cancelled: true })).toBe('1 row · Stopped before the end');
  });

  it('links an export nowhere: the file is not in the back-office', () => {
    expect(
      eventLink({ entity: 'export', entityId: null, entityLabel: 'users-2026-11-23.csv', exists: false }),
    ).toBeNull();
  });
});
