import { SIGNAL_KINDS, type AdListQuery, type AdSortField } from '@backoffice/contract';
import { decodeCursor } from './ads-cursor';
import { boundFilters, boundNames, type FilterName, type Viewer } from './ads-filters';
import { kindsOwnIndex } from './ads-sparse-signals';

/** A list query with who asks and when (the views need them). */
export type PageQuery = AdListQuery & { viewer?: Viewer };

/**
 * Everything that makes one page statement differ from another, and nothing else: the statement is
 * built from this alone (`pageQuery`) and cached under a name made from it alone (`pageShapeName`),
 * so two different statements can never share a name. `direction` is the order the statement reads
 * in: the list's own, or its reverse for the rows before a cursor and for the last page. `from` is
 * where it starts: after a cursor's row, at the start (the first page, and the last read
 * backwards), or at an offset (a page asked for by number). `filters` are the placeholders bound,
 * taken from `boundFilters`, the same object that gives their values. `limit` is the page size
 * written into the statement when one plan serves the shape for any values (`onePlanServes`);
 * `kind` the one trust signal kind written in for a page of that kind alone by posting date.
 */
export type PageShape = {
  sort: AdListQuery['sort'];
  direction: AdListQuery['order'];
  from: 'cursor' | 'start' | 'offset';
  filters: FilterName[];
  limit?: number;
  kind?: (typeof SIGNAL_KINDS)[number];
  /** Few ads carry the signal filter's kinds (SPARSE_SIGNALS): the page is found from them alone. */
  sparse?: boolean;
};

export function pageShapeName(shape: PageShape): string {
  const { sort, direction, from, filters, sparse, limit, kind } = shape;
  const rest = [
    ...(sparse ? ['sparse'] : []),
    ...(limit !== undefined ? [`limit${limit}`] : []),
    ...(kind !== undefined ? [`kind=${kind}`] : []),
  ];
  return ['ads_page', sort, direction, from, ...filters, ...rest].join(':');
}

/** The statement's shape for `q` and the values of its placeholders; `reversed` when it reads backwards. */
export function pagePlan(q: PageQuery) {
  const bound = boundFilters(q);
  const cursor =
    q.after !== undefined
      ? decodeCursor(q.sort, q.after, 'after')
      : q.before !== undefined
        ? decodeCursor(q.sort, q.before, 'before')
        : undefined;
  const reversed = q.before !== undefined || q.last !== undefined;
  const flip = { asc: 'desc', desc: 'asc' } as const;
  const offset = cursor || reversed ? 0 : (q.page - 1) * q.pageSize;
  const shape: PageShape = {
    sort: q.sort,
    direction: reversed ? flip[q.order] : q.order,
    from: cursor ? 'cursor' : offset > 0 ? 'offset' : 'start',
    filters: boundNames(bound),
  };
  const limit = q.last ?? q.pageSize;
  const params: Record<string, string | number> = { ...bound, now: (q.viewer?.now ?? new Date()).toISOString() };
  const kind = q.signal?.length === 1 ? q.signal[0] : undefined;
  // The kind's own index serves the page (kindsOwnIndex); known kinds only are written into the text.
  const alone = shape.filters.join(',') === 'signals' && kindsOwnIndex(q.sort, String(bound.signals));
  if (kind && SIGNAL_KINDS.includes(kind) && alone) {
    shape.kind = kind;
    delete params.signals;
  }
  if (onePlanServes(shape) && Number.isInteger(limit)) shape.limit = limit;
  else params.limit = limit;
  if (cursor) {
    params.cursor = cursor.id;
    if (cursor.status !== undefined) params.cursorStatus = cursor.status;
  } else if (shape.from === 'offset') params.offset = offset;
  return { shape, params, reversed };
}

/**
 * A shape one plan cannot serve is planned for its values each time, as the unnamed statement: a
 * trust signal's kinds go from no ad to most (a plan made for any kinds walked the date index past
 * every ad for a kind none has, 8.6 s at 1,000,000 ads), a search word from one ad to all.
 */
export const plannedEachTime = (shape: PageShape) => !onePlanServes(shape);

/**
 * The filters (joined by commas, in FILTER_NAMES' order) that lead an index of each sort's order:
 * every value of them is read as a range of that index, so one plan serves them all.
 */
const ONE_INDEX: Record<AdSortField, string[]> = {
  postingDate: ['', 'status', 'category', 'district', 'category,district', 'overdueBefore', 'queue'],
  status: ['', 'status'],
  risk: ['', 'status'],
  id: [''],
  heading: [''],
  username: [''],
  adType: [''],
};

/**
 * Whether PostgreSQL may keep one plan for the shape (its generic plan), made once per connection
 * rather than on every request (docs/decisions/0009, "One plan per shape"): the shape reads its
 * page from the start or after a cursor along one index whose leading columns its filters fix, or
 * along one kind's own index (ads_kind_*_idx, migration 0039), the kind written into the statement
 * so that the plan can match the index's predicate (a dozen kinds: a dozen statements).
 * Its page size is then written into the statement: with a placeholder for it the generic plan
 * expects to read a tenth of the table, and PostgreSQL never keeps it. Any other filter's share of
 * the ads varies with its value (a search, a risk, a day), and a plan made for any value can walk
 * the index past every ad: those shapes are planned for their values each time (`plannedEachTime`).
 */
const onePlanServes = (shape: PageShape) =>
  shape.from !== 'offset' &&
  !shape.sparse &&
  (shape.kind !== undefined || ONE_INDEX[shape.sort].includes(shape.filters.join(',')));
