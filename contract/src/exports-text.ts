// Kept apart from the schemas (exports.ts) so that a screen reading them loads no part of zod.

export const MAX_MATCH_BATCH = 1000;

export const exportText = {
  exportAs: 'Export as',
  exportAds: (n: string) => `Export ${n} ads as CSV`,
  exportUsers: (n: string) => `Export ${n} users as CSV`,
  filtersActive: (n: number) => `${n} active`,
  selectAllMatching: (n: string) => `Select all ${n} pending ads matching this filter`,
  allMatchingSelected: (n: string) => `All ${n} pending ads matching this filter are selected`,
  clearSelection: 'Clear selection',
  bulkDeleted: (n: number, m: number) => `${n} user(s) deleted successfully. ${m} failed.`,
  cannotDeleteAdmin: 'Admin accounts cannot be deleted here',
  cannotDeleteSelf: 'You cannot delete your own account',
  dataset: 'Dataset',
  matching: (n: string) => `${n} matching rows`,
  download: 'Download CSV',
  cancel: 'Cancel',
  exportFailed: 'Export failed',
  rangeReversed: 'The start date must be on or before the end date',
  activityUnavailable: 'The activity log cannot be exported yet',
} as const;
