import { adMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { adTypeLabel, formatAdDate, formatAdId, formatContact } from './ad-format';
import { adListUrl } from './ads-api';
import { adId, makeAd } from './ads-test-data';
import { bulkResultMessage, checkBulkSelection, confirmTitle, permanentActionText } from './moderation-text';
import { isAllPendingSelected, splitSelection, toggleAllPending, toggleOne } from './use-ads-selection';
import {
  defaultFilters,
  defaultSort,
  nextSort,
  pageCursor,
  stateFromUrl,
  toListParams,
  urlFromState,
  type AdsUrlState,
} from './use-ads-table-state';

const plain: AdsUrlState = { filters: defaultFilters, q: '', sort: defaultSort, page: 1 };

const pending1 = makeAd({ _id: adId(1), status: 'pending' });
const pending2 = makeAd({ _id: adId(2), status: 'pending' });
const approved = makeAd({ _id: adId(3), status: 'approved' });
const rejected = makeAd({ _id: adId(4), status: 'rejected' });
const page = [pending1, approved, pending2, rejected];

describe('select-all (docs/product.md#states-and-transitions)', () => {
  it('is false on a page without pending ads, even with an empty selection', () => {
    expect(isAllPendingSelected([approved, rejected], new Map())).toBe(false);
    expect(isAllPendingSelected([], new Map())).toBe(false);
  });

  it('is true only when every pending ad of the page is selected', () => {
    expect(isAllPendingSelected(page, new Map([[adId(1), 'pending']]))).toBe(false);
    const both = new Map([
      [adId(1), 'pending' as const],
      [adId(2), 'pending' as const],
    ]);
    expect(isAllPendingSelected(page, both)).toBe(true);
  });

  it('selects only the pending ads of the page, and a second toggle clears them', () => {
    const other = new Map([[adId(99), 'pending' as const]]);
    const all = toggleAllPending(page, other);
    expect([...all.keys()].sort()).toEqual([adId(1), adId(2), adId(99)]);
    const none = toggleAllPending(page, all);
    expect([...none.keys()]).toEqual([adId(99)]);
  });

  it('never selects approved or rejected ads one by one', () => {
    expect(toggleOne(approved, new Map()).size).toBe(0);
    expect(toggleOne(rejected, new Map()).size).toBe(0);
    expect([...toggleOne(pending1, new Map()).keys()]).toEqual([adId(1)]);
    expect(toggleOne(pending1, new Map([[adId(1), 'pending']])).size).toBe(0);
  });

  it('counts an ad approved since it was ticked as not pending', () => {
    const selected = new Map([
      [adId(1), 'pending' as const],
      [adId(3), 'pending' as const],
    ]);
    expect(splitSelection(selected, page)).toEqual({ pending: [adId(1)], nonPending: [adId(3)] });
  });
});

describe('bulk checks and messages (docs/product.md#states-and-transitions, docs/product.md#validation-rules, docs/product.md#error-catalogue)', () => {
  it('asks for a selection, then for a pending one', () => {
    expect(checkBulkSelection('approve', { pending: [], nonPending: [] })).toEqual({
      ok: false,
      message: { tone: 'warning', text: adMessages.selectToApprove },
    });
    expect(checkBulkSelection('reject', { pending: [], nonPending: [] })).toMatchObject({
      message: { text: adMessages.selectToReject },
    });
    expect(checkBulkSelection('approve', { pending: [], nonPending: [adId(3)] })).toMatchObject({
      ok: false,
      message: { text: adMessages.noPendingToApprove },
    });
    expect(checkBulkSelection('reject', { pending: [], nonPending: [adId(3)] })).toMatchObject({
      message: { text: adMessages.noPendingToReject },
    });
  });

  it('lists non-pending ads and goes on with the pending ones', () => {
    const check = checkBulkSelection('approve', { pending: [adId(1)], nonPending: [adId(3), adId(4)] });
    expect(check).toEqual({
      ok: true,
      ids: [adId(1)],
      warning: {
        tone: 'warning',
        text: `${adMessages.cannotApproveNonPending}: #00003, #00004\n${adMessages.onlyPendingApproved}`,
      },
    });
    const reject = checkBulkSelection('reject', { pending: [adId(1)], nonPending: [adId(3)] });
    expect(reject.ok && reject.warning?.text).toBe(
      `${adMessages.cannotRejectNonPending}: #00003\n${adMessages.onlyPendingRejected}`,
    );
    expect(checkBulkSelection('approve', { pending: [adId(1)], nonPending: [] })).toEqual({
      ok: true,
      ids: [adId(1)],
      warning: null,
    });
  });

  it('reports n successes and m failures, or that all failed', () => {
    const ok = { id: 'a', ok: true };
    const bad = { id: 'b', ok: false, message: 'Only pending advertisements can be approved or rejected' };
    expect(bulkResultMessage('approve', [ok, ok])).toEqual({
      tone: 'success',
      text: '2 advertisement(s) approved successfully. 0 failed. Approved ads can now only be deleted.',
    });
    expect(bulkResultMessage('reject', [ok, bad])).toEqual({
      tone: 'warning',
      text: '1 advertisement(s) rejected successfully. 1 failed. Rejected ads can now only be deleted.',
    });
    expect(bulkResultMessage('approve', [bad, bad])).toEqual({
      tone: 'error',
      text: 'Failed to approve 2 advertisement(s)',
    });
    expect(bulkResultMessage('reject', [bad])).toEqual({ tone: 'error', text: 'Failed to reject 1 advertisement(s)' });
  });

  it('words the permanent-action confirmations in the singular and the plural', () => {
    expect(confirmTitle('approve', 1)).toBe('Approve Advertisement');
    expect(confirmTitle('reject', 3)).toBe('Reject 3 Advertisements');
    for (const kind of ['approve', 'reject'] as const) {
      expect(permanentActionText(kind, 1)).toMatch(
        /this advertisement\?.*no longer change back to pending.*only be deleted/,
      );
      expect(permanentActionText(kind, 4)).toMatch(
        /these 4 advertisements\?.*no longer change back to pending.*only be deleted/,
      );
    }
  });
});

describe('table formats (docs/product.md#ads-moderation)', () => {
  it('shows # and the last five characters of the id', () => {
    expect(formatAdId('5b0c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4')).toBe('#2b3c4');
  });

  it('shows phone1 or -', () => {
    expect(formatContact('0771234567')).toBe('0771234567');
    expect(formatContact(null)).toBe('-');
    expect(formatContact('  ')).toBe('-');
  });

  it('shows the date as short month, year, day', () => {
    expect(formatAdDate('2026-11-22T12:00:00.000Z')).toBe('Nov 2026, 22');
    expect(formatAdDate('2025-01-05T12:00:00.000Z')).toBe('Jan 2025, 5');
    expect(formatAdDate('not a date')).toBe('-');
  });

  it('names the ad type, Digital by default', () => {
    expect(adTypeLabel('regular')).toBe('Regular');
    expect(adTypeLabel('digital')).toBe('Digital');
    expect(adTypeLabel(undefined)).toBe('Digital');
  });
});

describe('table state and the list query (docs/decisions/0014-ad-moderation-rules.md)', () => {
  it('toggles the sorted column and starts another one ascending', () => {
    expect(defaultSort).toEqual({ field: 'postingDate', order: 'desc' });
    expect(nextSort(defaultSort, 'postingDate')).toEqual({ field: 'postingDate', order: 'asc' });
    expect(nextSort({ field: 'postingDate', order: 'asc' }, 'postingDate')).toEqual({
      field: 'postingDate',
      order: 'desc',
    });
    expect(nextSort(defaultSort, 'heading')).toEqual({ field: 'heading', order: 'asc' });
  });

  it('leaves out empty category, district and search', () => {
    expect(adListUrl(toListParams(plain))).toBe(
      '/advertisements/list?page=1&pageSize=10&sort=postingDate&order=desc&status=all',
    );
    expect(
      adListUrl(
        toListParams({
          page: 3,
          sort: { field: 'heading', order: 'asc' },
          filters: {
            status: 'pending',
            category: 'Land',
            district: 'Kandy',
            signal: '',
            minRisk: null,
            decided: '',
            queue: '',
          },
          q: 'a b',
        }),
      ),
    ).toBe(
      '/advertisements/list?page=3&pageSize=10&sort=heading&order=asc&status=pending&category=Land&district=Kandy&q=a+b',
    );
  });

  it('reaches every page the pager offers by a cursor of the page shown, the last page as its last rows', () => {
    const cursors = { start: 'first-row', end: 'last-row' };
    // 95 entries: 10 pages, the last holding 5.
    expect(pageCursor(1, 4, 95, cursors)).toEqual({});
    expect(pageCursor(5, 4, 95, cursors)).toEqual({ after: 'last-row' });
    expect(pageCursor(3, 4, 95, cursors)).toEqual({ before: 'first-row' });
    expect(pageCursor(10, 4, 95, cursors)).toEqual({ last: 5 });
    expect(pageCursor(10, 9, 100, cursors)).toEqual({ last: 10 });
    expect(pageCursor(2, 1, 20, cursors)).toEqual({ last: 10 });
    expect(adListUrl(toListParams({ ...plain, page: 5 }, pageCursor(5, 4, 95, cursors)))).toBe(
      '/advertisements/list?after=last-row&page=5&pageSize=10&sort=postingDate&order=desc&status=all',
    );
  });
});

describe('the directory in its URL (docs/how-to-add-a-list-screen.md)', () => {
  const url = (state: AdsUrlState) => urlFromState(state).toString();
  const read = (search: string) => stateFromUrl(new URLSearchParams(search));

  it('leaves the defaults out and reads back every part of the state', () => {
    expect(url(plain)).toBe('');
    const state: AdsUrlState = {
      filters: {
        status: 'rejected',
        category: 'Land',
        district: 'Kandy',
        signal: '',
        minRisk: null,
        decided: 'last30Days',
        queue: 'Senior review',
      },
      q: 'toyota aqua',
      sort: { field: 'heading', order: 'asc' },
      page: 4,
    };
    expect(url(state)).toBe(
      'status=rejected&category=Land&district=Kandy&decided=last30Days&queue=Senior+review&q=toyota+aqua&sort=heading&order=asc&page=4',
    );
    expect(read(url(state))).toEqual({ view: undefined, ...state });
    // The dashboard's links; an unknown range is dropped.
    expect(read('status=approved&decided=today').filters.decided).toBe('today');
    expect(read('decided=yesterday').filters.decided).toBe('');
  });

  it('a queue is pending ads, oldest first unless the link says otherwise', () => {
    expect(read('view=overdue')).toEqual({
      view: 'overdue',
      filters: { ...defaultFilters, status: 'pending' },
      q: '',
      sort: { field: 'postingDate', order: 'asc' },
      page: 1,
    });
    expect(url(read('view=mine&status=approved'))).toBe('view=mine');
    expect(url(read('view=mine&sort=heading&order=desc'))).toBe('view=mine&sort=heading&order=desc');
    expect(toListParams(read('view=overdue'))).toMatchObject({ view: 'overdue', status: 'pending', order: 'asc' });
  });

  it('drops what the server would refuse: a hand-edited or stale link is never a 400', () => {
    expect(read('view=everything&status=deleted&sort=price&order=up&page=0')).toEqual(plain);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=999999999').page).toBe(1);
    expect(read(`q=${'x'.repeat(500)}`).q.length).toBeLessThanOrEqual(200);
    expect(read('q=%00a%1Fb&category=La%07nd').q).toBe('ab');
    expect(read('category=La%07nd').filters.category).toBe('Land');
    // The header bar's and the notifications' old links: `?q=` alone.
    expect(read('q=kandy')).toEqual({ ...plain, q: 'kandy' });
  });

  it('keeps the signal filter, the minimum risk and the risk sort in the URL; unknown kinds and bad risks are dropped', () => {
    const state = read('signal=stolen_image&minRisk=60&sort=risk&order=desc');
    expect(state.filters).toMatchObject({ signal: 'stolen_image', minRisk: 60 });
    expect(state.sort).toEqual({ field: 'risk', order: 'desc' });
    expect(url(state)).toBe('signal=stolen_image&minRisk=60&sort=risk&order=desc');
    expect(toListParams(state)).toMatchObject({ signal: 'stolen_image', minRisk: 60, sort: 'risk' });
    // Several kinds (the Duplicates view), each known one once.
    expect(read('signal=duplicate_text,bogus,duplicate_image,duplicate_text').filters.signal).toBe(
      'duplicate_text,duplicate_image',
    );
    expect(read('signal=bogus&minRisk=0').filters).toMatchObject({ signal: '', minRisk: null });
    for (const bad of ['101', '-5', '2.5', 'high', '']) expect(read(`minRisk=${bad}`).filters.minRisk, bad).toBeNull();
    expect(toListParams(read(''))).not.toHaveProperty('signal', expect.anything());
  });
});
