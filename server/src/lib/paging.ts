/**
 * A search's total as far as one page tells it: known when the page shows the end of the matches
 * (fewer rows than the page size; an empty first page is 0), else null, and the client asks the
 * count call once per search (docs/decisions/0014-ad-moderation-rules.md; docs/decisions/0003 "Search totals", 0004).
 */
export function totalShownByPage(q: { page: number; pageSize: number }, shown: number): number | null {
  const atEnd = shown < q.pageSize && (shown > 0 || q.page === 1);
  return atEnd ? (q.page - 1) * q.pageSize + shown : null;
}
