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
