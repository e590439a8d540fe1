import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportText } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { DataExtractPage } from './data-extract-page';

const routes = [{ path: '/app/data-extract', Component: DataExtractPage }];
const encoder = new TextEncoder();

/** A response body the test feeds chunk by chunk; `cancelled` says whether the reader gave up. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    stream,
    state,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

interface Saved {
  name: string;
  blob: Blob;
}

let saved: Saved[];
let blobs: Map<string, Blob>;

beforeEach(() => {
  saved = [];
  blobs = new Map();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const url = `blob:test/${++n}`;
        blobs.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

/** The server: counts answer `count(dataset, params)`, the export answers `exportResponse`. */
function fakeServer(
  count: (dataset: string, p: URLSearchParams) => Response,
  exportResponse: (dataset: string, p: URLSearchParams, signal?: AbortSignal | null) => Response | Promise<Response>,
) {
  const calls: { path: string; signal?: AbortSignal | null }[] = [];
  stubFetch(async (path, init) => {
    calls.push({ path, signal: init?.signal });
    const url = new URL(path, 'http://x');
    const m = url.pathname.match(/^\/api\/data-extract\/(\w+)\/(count|export)$/);
    if (m?.[2] === 'count') return count(m[1]!, url.searchParams);
    if (m?.[2] === 'export') return exportResponse(m[1]!, url.searchParams, init?.signal);
    if (url.pathname === '/api/advertisements/list')
      return jsonResponse({
        advertisements: [],
        total: 0,
        page: 1,
        pageSize: 1,
        counts: { total: 0, pending: 0, approved: 0, rejected: 0 },
        facets: { categories: ['Land', 'Vehicles'], districts: ['Colombo', 'Kandy'] },
      });
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  const countCalls = () => calls.filter((c) => c.path.includes('/count')).map((c) => new URL(c.path, 'http://x'));
  return { calls, countCalls };
}

const csvResponse = (body: ReadableStream<Uint8Array> | string, name = 'ads-2026-11-23.csv') =>
  new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` },
  });

/** jsdom's Blob has no arrayBuffer(); its FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error as Error);
    reader.readAsArrayBuffer(blob);
  });
}

function renderPage() {
  return renderApp({ path: '/app/data-extract', user: makeUser(), routes });
}

describe('DataExtractPage', () => {
  it('keeps the choices in the URL, so a pasted link or a reload counts the same rows', async () => {
    const server = fakeServer(
      () => jsonResponse({ success: true, total: 7 }),
      () => csvResponse(''),
    );
    const { router } = renderApp({
      // `approved` is not an advertiser's status: an old or hand-edited link, no filter.
      path: '/app/data-extract?dataset=advertisers&status=approved&q=kasun&from=2026-01-01&page=x',
      user: makeUser(),
      routes,
    });
    expect(await screen.findByText(exportText.matching('7'))).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: exportText.dataset })).toHaveValue('advertisers');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(screen.getByLabelText('Search')).toHaveValue('kasun');
    expect(screen.getByLabelText('Joined from')).toHaveValue('2026-01-01');
    const first = server.countCalls()[0]!;
    expect(first.pathname).toBe('/api/data-extract/advertisers/count');
    expect(Object.fromEntries(first.searchParams)).toEqual({ format: 'csv', q: 'kasun', from: '2026-01-01' });

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await waitFor(() => expect(router.state.location.search).toContain('status=inactive'));
    // Another dataset takes none of the last one's status.
    await user.selectOptions(screen.getByRole('combobox', { name: exportText.dataset }), 'packages');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('dataset')).toBe('packages'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('kasun');
  });

  it('shows the count matching the dataset, its filters and the date range before downloading', async () => {
    const server = fakeServer(
      (dataset, p) => {
        if (dataset === 'activity')
          return jsonResponse({ success: false, message: exportText.activityUnavailable }, 400);
        return jsonResponse({ success: true, total: dataset === 'ads' ? (p.get('status') ? 4210 : 12345) : 60 });
      },
      () => csvResponse(''),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Extract' })).toBeInTheDocument();
    expect(await screen.findByText(exportText.matching('12,345'))).toBeInTheDocument();
    const dataset = screen.getByRole('combobox', { name: exportText.dataset });
    expect(
      within(dataset)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ads', 'Advertisers', 'Packages', 'Banner ads', 'Duties', 'Activity']);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Kandy');
    await user.type(screen.getByLabelText('Posted from'), '2026-11-01');
    expect(await screen.findByText(exportText.matching('4,210'))).toBeInTheDocument();
    await waitFor(() =>
      expect(Object.fromEntries(server.countCalls().at(-1)!.searchParams)).toEqual({
        format: 'csv',
        status: 'pending',
        district: 'Kandy',
        from: '2026-11-01',
      }),
    );

    // A reversed range is refused on the screen, before asking.
    await user.type(screen.getByLabelText('Posted to'), '2026-10-01');
    expect(await screen.findByText(exportText.rangeReversed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: exportText.download })).toBeDisabled();

    await user.clear(screen.getByLabelText('Posted to'));
    await user.selectOptions(dataset, 'advertisers');
    expect(await screen.findByText(exportText.matching('60'))).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'District' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Active', 'Inactive', 'Pending']);
    await user.selectOptions(dataset, 'activity');
    expect(await screen.findByText(exportText.activityUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: exportText.download })).toBeDisabled();
  });

  it('streams the CSV with a progress bar of rows against the count, then saves it as the server names it', async () => {
    const body = controlledBody();
    fakeServer(
      () => jsonResponse({ success: true, total: 4 }),
      () => csvResponse(body.stream),
    );
    renderPage();
    await screen.findByText(exportText.matching('4'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: exportText.download }));
    const bar = await screen.findByRole('progressbar', { name: 'Download progress' });
    expect(bar).toHaveAttribute('aria-valuemax', '4');

    // The header, one row whose details span two lines, and half of the next row.
    body.push('\uFEFFid,heading,details\n1,Land,"20 perches\nclear deeds"\n2,Ca');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'));
    expect(screen.getByText(/Downloading: 1 of 4 rows/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: exportText.cancel })).toBeInTheDocument();
    body.push('r,"say ""hi"""\n3,Van,x\n4,Bike,y\n');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '4'));
    expect(saved).toEqual([]);
    body.end();

    await screen.findByText(/Downloaded: 4 of 4 rows/);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('ads-2026-11-23.csv');
    const bytes = await bytesOf(saved[0]!.blob);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'id,heading,details\n1,Land,"20 perches\nclear deeds"\n2,Car,"say ""hi"""\n3,Van,x\n4,Bike,y\n',
    );
    expect(screen.queryByRole('button', { name: exportText.cancel })).not.toBeInTheDocument();
  });

  it('cancels a running download: the request is aborted and nothing is saved', async () => {
    const body = controlledBody();
    const server = fakeServer(
      () => jsonResponse({ success: true, total: 1000 }),
      () => csvResponse(body.stream),
    );
    renderPage();
    await screen.findByText(exportText.matching('1,000'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: exportText.download }));
    body.push('id,heading\n1,a\n2,b\n');
    await screen.findByText(/Downloading: 2 of 1,000 rows/);
    await user.click(screen.getByRole('button', { name: exportText.cancel }));

    expect(await screen.findByText(/Cancelled: 2 of 1,000 rows/)).toBeInTheDocument();
    const exportCall = server.calls.find((c) => c.path.includes('/export'))!;
    expect(exportCall.signal?.aborted).toBe(true);
    expect(body.state.cancelled).toBe(true);
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: exportText.download })).toBeEnabled();
  });

  it("shows the server's message, or Export failed when the download breaks off", async () => {
    let answer: () => Response | Promise<Response> = () =>
      jsonResponse({ success: false, message: 'Enter a date as YYYY-MM-DD' }, 400);
    fakeServer(
      () => jsonResponse({ success: true, total: 3 }),
      () => answer(),
    );
    renderPage();
    await screen.findByText(exportText.matching('3'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: exportText.download }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a date as YYYY-MM-DD');

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: exportText.download }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(exportText.exportFailed));
    expect(saved).toEqual([]);
  });
});
