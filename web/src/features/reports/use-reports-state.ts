import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { SEARCH_DEBOUNCE_MS } from '../../components/ui';

export interface ReportFilters {
  kind?: ReportKind;
  reason?: ReportReason;
  state?: ReportState;
  q?: string;
}
export type ReportFilterKey = 'kind' | 'reason' | 'state';

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/g;

/** The filters a URL asks for; values the server would refuse are dropped (an old link is never a 400). */
export function reportFiltersFromUrl(search: URLSearchParams): ReportFilters {
  const q = (search.get('q') ?? '').replace(controlChars, '').slice(0, MAX_REPORT_SEARCH).trim();
  return {
    kind: oneOf(REPORT_KINDS, search.get('kind')),
    reason: oneOf(REPORT_REASONS, search.get('reason')),
    state: oneOf(REPORT_STATES, search.get('state')),
    q: q || undefined,
  };
}

function toUrl(filters: ReportFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  return search;
}

/**
 * The inbox's filters and search in the URL (a history entry per filter, the search replacing its
 * entry after the pause), and its keyset pages in memory: the cursors of the pages seen so far, so
 * that Previous goes back without the server counting offsets. Any change starts at the first page.
 */
export function useReportsState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = reportFiltersFromUrl(searchParams);
  const [searchText, setSearchText] = useState(filters.q ?? '');
  // The cursors belong to the filters they were read under: other filters start at the first page.
  const key = toUrl(filters).toString();
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = pages.key === key ? pages.cursors : [];
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setFilter = (name: ReportFilterKey, value: string) =>
    setSearchParams((prev) => toUrl({ ...reportFiltersFromUrl(prev), [name]: value || undefined }));

  const setSearch = (text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSearchParams((prev) => toUrl({ ...reportFiltersFromUrl(prev), q: text.trim() || undefined }), {
        replace: true,
      });
    }, SEARCH_DEBOUNCE_MS);
  };

  const clear = () => {
    clearTimeout(timer.current);
    setSearchText('');
    setSearchParams(new URLSearchParams());
  };

  const params: ReportListParams = { ...filters, cursor: cursors.at(-1) };
  return {
    filters,
    searchText,
    params,
    page: cursors.length + 1,
    active: Boolean(filters.kind || filters.reason || filters.state || filters.q),
    setFilter,
    setSearch,
    clear,
    next: (cursor: string) => setPages({ key, cursors: [...cursors, cursor] }),
    previous: () => setPages({ key, cursors: cursors.slice(0, -1) }),
  };
}
