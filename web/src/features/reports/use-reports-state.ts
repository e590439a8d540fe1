import { useState } from 'react';
import {
  MAX_REPORT_SEARCH,
  REPORT_KINDS,
  REPORT_REASONS,
  REPORT_STATES,
  type ReportKind,
  type ReportListParams,
  type ReportReason,
  type ReportState,
} from '@backoffice/contract';
import { listUrl, parse, useListState, type ListSpec } from '../../lib/list-state';

export type ReportFilters = {
  kind?: ReportKind;
  reason?: ReportReason;
  state?: ReportState;
  q?: string;
};
export type ReportFilterKey = 'kind' | 'reason' | 'state';

/** The URL's parsers: values the server would refuse are dropped (an old link is never a 400). */
const reportsList: ListSpec<ReportFilters> = {
  filters: {
    kind: parse.oneOf(REPORT_KINDS),
    reason: parse.oneOf(REPORT_REASONS),
    state: parse.oneOf(REPORT_STATES),
    q: parse.search(MAX_REPORT_SEARCH),
  },
  searchMax: MAX_REPORT_SEARCH,
};

/**
 * The inbox's filters and search, through the list controller (lib/list-state.ts): in the URL, a
 * history entry per filter, the search replacing its entry after the pause. Its keyset pages are
 * kept in memory: the cursors of the pages seen so far, so that Previous goes back without the
 * server counting offsets. Any change starts at the first page.
 */
export function useReportsState() {
  const list = useListState(reportsList);
  const { filters } = list;
  // The cursors belong to the filters they were read under: other filters start at the first page.
  const key = listUrl(filters).toString();
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = pages.key === key ? pages.cursors : [];

  const params: ReportListParams = { ...filters, cursor: cursors.at(-1) };
  return {
    filters,
    searchText: list.searchText,
    params,
    page: cursors.length + 1,
    active: list.active,
    setFilter: (name: ReportFilterKey, value: string) => list.setFilter(name, value),
    setSearch: list.setSearch,
    clear: list.clear,
    next: (cursor: string) => setPages({ key, cursors: [...cursors, cursor] }),
    previous: () => setPages({ key, cursors: cursors.slice(0, -1) }),
  };
}
