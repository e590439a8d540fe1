/** The ads list's views the benchmarks ask for: every filter, a search of each kind and every sort, as a name and its query. */
export const adListViews: [string, string][] = [
  ['default (newest first)', ''],
  ['status=pending', 'status=pending'],
  ['status=approved', 'status=approved'],
  ['category=Vehicles', 'category=Vehicles'],
  ['district=Kandy', 'district=Kandy'],
  ['status+category+district', 'status=approved&category=Land%20sale&district=Colombo'],
  ['search "toyota"', 'q=toyota'],
  ['search "perches land"', 'q=perches%20land'],
  ['search "nimal" + pending', 'q=nimal&status=pending'],
  ['sort heading asc', 'sort=heading&order=asc'],
  ['sort username desc', 'sort=username&order=desc'],
  ['sort adType asc', 'sort=adType&order=asc'],
  ['sort status desc', 'sort=status&order=desc'],
  ['sort id asc', 'sort=id&order=asc'],
];

/** The views and deep pages bench:ads and bench:scale measure (a deep page is asked as the pager asks it: asPagerAsks). */
export const adListScenarios: [string, string][] = [
  ...adListViews,
  // As the pager asks for them: after the last row of page 4,999 (see `asPagerAsks`).
  ['deep page 5000', 'page=5000'],
  ['deep page 5000, status=approved', 'page=5000&status=approved'],
  ['deep page 5000, sort heading asc', 'page=5000&sort=heading&order=asc'],
  ['deep page 5000, search "toyota"', 'page=3000&q=toyota'],
];

/**
 * A page past the first as the pager asks for it (docs/decisions/0020-keyset-paging.md): after the
 * cursor of the previous page's last row, fetched once here. Asked by number alone, a page would
 * be found by offset, which the pager never does.
 */
export async function asPagerAsks(url: string, cookie: string, query: string): Promise<string> {
  const params = new URLSearchParams(query);
  const page = Number(params.get('page') ?? 1);
  if (page <= 1) return query;
  params.set('page', String(page - 1));
  const res = await fetch(`${url}/api/advertisements/list?${params}`, { headers: { cookie } });
  const end = ((await res.json()) as { cursors: { end: string | null } }).cursors.end;
  if (!end) throw new Error(`page ${page - 1} of ${query} is empty`);
  params.set('page', String(page));
  params.set('after', end);
  return params.toString();
}
