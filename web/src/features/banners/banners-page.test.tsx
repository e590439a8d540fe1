import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bannerMessages, type BannerAd } from '@backoffice/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { BannersPage } from './banners-page';
import { bannerFormData, emptyBannerValues, validateBanner } from './use-banner-form';
import { enterSearch } from '../../test/search';

const routes = [{ path: '/app/banners', Component: BannersPage }];

function makeBanner(overrides: Partial<BannerAd> = {}): BannerAd {
  return {
    _id: '3f0af1a2-1111-4222-8333-444455556666',
    name: 'Lanka Unity Bank Home Loans',
    description: 'Home loans at 9.5%.',
    placement: 'Home page',
    startDate: '2026-11-02',
    endDate: '2027-01-01',
    status: 'Active',
    image: 'a1.png',
    views: 18452,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const bank = makeBanner();
const cars = makeBanner({
  _id: 'b038cd46-1111-4222-8333-444455556666',
  name: 'Wijesinghe Motors',
  placement: 'Search results',
  status: 'Inactive',
  image: 'b2.jpg',
});

type Call = { method: string; path: string; request: Request };

/** A fake server: GET answers `list`, other calls `mutate`. */
function fakeServer(
  list: (q: URLSearchParams) => Response = () => jsonResponse([bank, cars]),
  mutate?: (c: Call) => Response,
) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const call = { method: request.method, path: url.pathname + url.search, request };
    calls.push(call);
    if (request.method === 'GET') return list(url.searchParams);
    return mutate ? mutate(call) : jsonResponse({ success: true, bannerAd: bank });
  });
  return { calls, mutations: () => calls.filter((c) => c.method !== 'GET') };
}

async function renderPage() {
  renderApp({ path: '/app/banners', user: makeUser(), routes });
  await screen.findByRole('row', { name: /^3f0af1a2 / });
}

const row = (name: RegExp) => within(screen.getByRole('table', { name: 'Banner ads' })).getByRole('row', { name });

// jsdom has no object URLs; the form's live preview needs them (files are isolated per test file).
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

describe('BannersPage', () => {
  it('shows the spec columns: Ad Id (first 8), image, name, placement, date range, status, actions', async () => {
    fakeServer();
    await renderPage();
    const cells = within(row(/^3f0af1a2 /)).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '3f0af1a2',
      '',
      'Lanka Unity Bank Home Loans',
      'Home page',
      '2 Nov 2026 – 1 Jan 2027',
      'Active',
      '',
    ]);
    expect(cells[1]!.querySelector('img')).toHaveAttribute('src', '/uploads/banner-ads/a1.png?w=96');
    expect(within(row(/^b038cd46 /)).getByText('Inactive')).toHaveClass('text-rose-300');
    for (const action of ['View', 'Edit', 'Delete'])
      expect(within(row(/^3f0af1a2 /)).getByRole('button', { name: `${action} ${bank.name}` })).toBeInTheDocument();
  });

  it('sends ?status=&search= (docs/product.md#calls), the status filter and a debounced search', async () => {
    const server = fakeServer();
    await renderPage();
    expect(server.calls[0]!.path).toBe('/api/banner-ads?status=&search=');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(server.calls.at(-1)!.path).toBe('/api/banner-ads?status=Inactive&search='));
    const before = server.calls.length;
    await enterSearch(user, screen.getByRole('searchbox', { name: 'Search banner ads' }), 'bank');
    await waitFor(() => expect(server.calls.at(-1)!.path).toBe('/api/banner-ads?status=Inactive&search=bank'));
    expect(server.calls.length - before).toBe(1);
  });

  it('keeps the search and status in the URL: a pasted link asks for them at once and shows them', async () => {
    const server = fakeServer((q) => jsonResponse(q.get('status') === 'Inactive' ? [cars] : [bank, cars]));
    const view = renderApp({ path: '/app/banners?q=motors&status=Inactive', user: makeUser(), routes });
    await screen.findByRole('row', { name: /^b038cd46 / });
    expect(server.calls.map((c) => c.path)).toEqual(['/api/banner-ads?status=Inactive&search=motors']);
    expect(screen.getByRole('searchbox', { name: 'Search banner ads' })).toHaveValue('motors');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=motors'));
  });

  it('shows Failed to fetch banner ads when the list cannot load', async () => {
    fakeServer(() => jsonResponse({ success: false, message: 'Something went wrong' }, 500));
    renderApp({ path: '/app/banners', user: makeUser(), routes });
    expect(await screen.findAllByText(bannerMessages.fetchFailed)).not.toHaveLength(0);
  });

  it('validates the Add form without a request, previews the chosen image, then sends every field as multipart', async () => {
    const server = fakeServer();
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+ Add New' }));
    const panel = screen.getByRole('dialog', { name: 'Add Banner Ad' });
    expect(within(panel).getByRole('switch', { name: 'Status' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    for (const m of [
      bannerMessages.nameRequired,
      bannerMessages.descriptionRequired,
      bannerMessages.startDateRequired,
      bannerMessages.endDateRequired,
      bannerMessages.imageRequired,
    ])
      expect(within(panel).getByText(m)).toBeInTheDocument();
    expect(server.mutations()).toEqual([]);

    await user.type(within(panel).getByLabelText('Name'), 'Keells Super');
    expect(within(panel).queryByText(bannerMessages.nameRequired)).not.toBeInTheDocument();
    const input = within(panel).getByLabelText('Image', { selector: 'input' });
    // A text file (chosen with "All files" in the picker) is refused at once, with no preview.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(panel).getByText(bannerMessages.imageNotImage)).toBeInTheDocument();
    expect(within(panel).queryByRole('img', { name: 'Preview of the chosen image' })).not.toBeInTheDocument();
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'keells.png', { type: 'image/png' }));
    expect(within(panel).getByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(within(panel).getByText('Preview: keells.png')).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Description'), 'Weekly deals.');
    await user.type(within(panel).getByLabelText('Start Date'), '2026-12-01');
    await user.type(within(panel).getByLabelText('End Date'), '2026-12-31');
    await user.selectOptions(within(panel).getByLabelText('Placement'), 'Ad details');
    await user.click(within(panel).getByRole('switch', { name: 'Status' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.mutations()).toHaveLength(1));
    const call = server.mutations()[0]!;
    expect(`${call.method} ${call.path}`).toBe('POST /api/banner-ads');
    expect(call.request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const sent = await call.request.formData();
    expect(Object.fromEntries([...sent.entries()].filter(([k]) => k !== 'image'))).toEqual({
      name: 'Keells Super',
      description: 'Weekly deals.',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      status: 'Inactive',
      placement: 'Ad details',
    });
    // (jsdom's FormData loses the file name on its way into Node's Request; the browser test checks it.)
    expect((sent.get('image') as Blob).size).toBe(4);
    expect(await screen.findByText(bannerMessages.created)).toBeInTheDocument();
  });

  it('shows the server message, or Failed to save banner ad, when saving fails', async () => {
    let failWith = () =>
      jsonResponse(
        { success: false, message: bannerMessages.imageType, errors: { image: bannerMessages.imageType } },
        415,
      );
    fakeServer(undefined, () => failWith());
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row(/^3f0af1a2 /)).getByRole('button', { name: `Edit ${bank.name}` }));
    const panel = screen.getByRole('dialog', { name: 'Edit Banner Ad' });
    expect(within(panel).getByLabelText('Name')).toHaveValue(bank.name);
    expect(within(panel).getByRole('img', { name: `Current image of ${bank.name}` })).toHaveAttribute(
      'src',
      '/uploads/banner-ads/a1.png',
    );
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    // The server's message above the form and its field message under Image.
    expect(await within(panel).findAllByText(bannerMessages.imageType)).toHaveLength(2);
    failWith = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText(bannerMessages.saveFailed)).toBeInTheDocument();
  });

  it('confirms a delete with the spec text and reports a failure', async () => {
    const server = fakeServer(undefined, () => jsonResponse({ success: false, message: 'nope' }, 500));
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row(/^3f0af1a2 /)).getByRole('button', { name: `Delete ${bank.name}` }));
    const modal = screen.getByRole('dialog', { name: 'Delete banner ad' });
    expect(within(modal).getByText(bannerMessages.confirmDelete)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(server.mutations()).toEqual([]);
    await user.click(within(row(/^3f0af1a2 /)).getByRole('button', { name: `Delete ${bank.name}` }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete banner ad' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(bannerMessages.deleteFailed)).toBeInTheDocument();
    expect(server.mutations().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /api/banner-ads/${bank._id}`]);
  });
});

describe('banner form rules (docs/product.md#validation-rules)', () => {
  const values = { ...emptyBannerValues, name: 'N', description: 'D', startDate: '2026-12-02', endDate: '2026-12-01' };
  const png = new File(['x'], 'a.png', { type: 'image/png' });

  it('needs the end on or after the start, an image only when adding, and an image type', () => {
    expect(validateBanner(values, png, true)).toEqual({ endDate: bannerMessages.endBeforeStart });
    const ok = { ...values, endDate: '2026-12-02' };
    expect(validateBanner(ok, null, false)).toEqual({});
    expect(validateBanner(ok, null, true)).toEqual({ image: bannerMessages.imageRequired });
    expect(validateBanner(ok, new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }), true)).toEqual({
      image: bannerMessages.imageNotImage,
    });
    expect(validateBanner({ ...ok, startDate: '2026-02-30' }, png, true)).toEqual({
      startDate: bannerMessages.invalidDate,
    });
  });

  it('puts every field in the multipart body, and the image only when chosen', () => {
    const ok = { ...values, endDate: '2026-12-03', name: '  Trimmed  ' };
    const body = bannerFormData(ok, png);
    expect([...body.keys()]).toEqual(['name', 'description', 'startDate', 'endDate', 'status', 'placement', 'image']);
    expect(body.get('name')).toBe('Trimmed');
    expect(body.get('placement')).toBe('Home page');
    expect(bannerFormData(ok, null).has('image')).toBe(false);
  });
});
