import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  exportText,
  roleMessages,
  type AdminRole,
  type ListedReport,
  type ReportUpdateBody,
} from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { loadRadix } from '../components/ui/radix-loader';
import { AdsDirectoryPage } from '../features/ads/ads-directory-page';
import { adId, makeAd, makeList } from '../features/ads/ads-test-data';
import { DataExtractPage } from '../features/data-extract/data-extract-page';
import { PackagesPage } from '../features/packages/packages-page';
import { ReportPanel } from '../features/reports/report-panel';
import { samplePackages } from '../features/packages/packages-test-server';
import { RulesPage } from '../features/rules/rules-page';
import { makeRule, sampleReasons } from '../features/rules/rules-test-server';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../test/render';

/**
 * What each role sees on the main screens (issue 36.3, docs/decisions/0033-roles.md): the screens
 * offer what contract/src/roles.ts allows the role and hide (or disable with the reason) the rest,
 * as the server refuses it. One table, each role against each screen, with the app's real store.
 */
const ROLES: AdminRole[] = ['administrator', 'moderator', 'support'];

const pendingAd = makeAd({ _id: adId(1), status: 'pending' });
const liveRule = makeRule({ _id: 'rule-live', name: 'Live rule', mode: 'live' });
const draftRule = makeRule({ _id: 'rule-draft', name: 'Draft rule', mode: 'draft', order: 2 });

/** One fake server for every screen below; `writes()` lists the calls that would change something. */
function fakeServer() {
  const mock = stubFetch(async (path) => {
    const url = new URL(path, 'http://x');
    switch (url.pathname) {
      case '/api/packages':
        return jsonResponse({ success: true, packages: samplePackages, total: samplePackages.length });
      case '/api/advertisements/list':
        return jsonResponse(makeList([pendingAd]));
      case '/api/advertisements/count':
        return jsonResponse({ total: 1 });
      case '/api/moderation-rules':
        return jsonResponse({ success: true, rules: [liveRule, draftRule] });
      case '/api/rejection-reasons':
        return jsonResponse({ success: true, reasons: sampleReasons });
      default:
        if (url.pathname.startsWith('/api/data-extract/')) return jsonResponse({ success: true, total: 7 });
        return jsonResponse({ success: true });
    }
  });
  return () =>
    mock.mock.calls
      .map(([input, init]) => {
        const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://x');
        return `${method} ${url.pathname}`;
      })
      .filter((call) => !call.startsWith('GET '));
}

function render(role: AdminRole, path: string, Component: () => React.ReactNode) {
  const writes = fakeServer();
  renderApp({ path, user: makeUser({ role }), routes: [{ path, Component }] });
  return { writes, user: userEvent.setup() };
}

const openReport: ListedReport = {
  _id: '00000000-0000-4000-8000-000000000001',
  kind: 'ad',
  reason: 'scam',
  text: 'A scam',
  page: null,
  count: 1,
  state: 'open',
  ad: { _id: adId(1), heading: 'Ad number 1', status: 'pending' },
  reporter: { email: 'reporter@example.lk', phone: null, address: null },
  assignee: null,
  note: null,
  reply: null,
  replies: [],
  createdAt: '2026-11-22T08:00:00.000Z',
  closedAt: null,
};

const expected = {
  administrator: {
    packagesWrite: true,
    moderate: true,
    deleteAds: true,
    exportAds: true,
    rules: 'all',
    advertisers: true,
  },
  moderator: {
    packagesWrite: false,
    moderate: true,
    deleteAds: true,
    exportAds: true,
    rules: 'not-live',
    advertisers: false,
  },
  support: {
    packagesWrite: false,
    moderate: false,
    deleteAds: false,
    exportAds: false,
    rules: 'none',
    advertisers: null,
  },
} as const;

describe.each(ROLES)('as %s', (role) => {
  const want = expected[role];

  it('Package Management: Add Package, Edit and Delete only with packages.write', async () => {
    render(role, '/app/packages', PackagesPage);
    const row = await screen.findByRole('row', { name: /PKG-0001/ });
    expect(within(row).getByRole('button', { name: /^View / })).toBeInTheDocument();
    expect(!!screen.queryByRole('button', { name: 'Add Package' })).toBe(want.packagesWrite);
    expect(!!within(row).queryByRole('button', { name: /^Edit / })).toBe(want.packagesWrite);
    expect(!!within(row).queryByRole('button', { name: /^Delete / })).toBe(want.packagesWrite);
  });

  it("the ads directory: a row's Approve, Reject and Delete, the bulk bar and the export by role", async () => {
    await loadRadix();
    const { user, writes } = render(role, '/app/ads-directory', AdsDirectoryPage);
    const row = await screen.findByRole('row', { name: /#00001/ });
    await user.click(within(row).getByRole('button', { name: 'Actions for advertisement #00001' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual([
      'View',
      ...(want.moderate ? ['Approve', 'Reject'] : []),
      ...(want.deleteAds ? ['Delete'] : []),
    ]);
    await user.keyboard('{Escape}');
    // The bulk bar's Approve and Reject (the row menu is closed).
    expect(!!screen.queryByRole('button', { name: 'Approve' })).toBe(want.moderate);
    expect(!!screen.queryByRole('button', { name: exportText.exportAs })).toBe(want.exportAds);

    // The side panel: its decisions and image removal by role; support's opening claims nothing.
    await user.click(within(row).getByRole('button', { name: 'Actions for advertisement #00001' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'View' }));
    const panel = await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    expect(!!within(panel).queryByRole('button', { name: /^Approve/ })).toBe(want.moderate);
    expect(!!within(panel).queryByRole('button', { name: /^Reject/ })).toBe(want.moderate);
    expect(!!within(panel).queryByRole('button', { name: 'Delete' })).toBe(want.deleteAds);
    expect(!!within(panel).queryByRole('button', { name: 'Remove image 1' })).toBe(want.moderate);
    const claimed = () => writes().some((w) => w === `POST /api/advertisements/${pendingAd._id}/claim`);
    if (want.moderate) await waitFor(() => expect(claimed()).toBe(true));
    else expect(claimed()).toBe(false);
  });

  it('Rules: New rule, and a live rule changed only with rules.live', async () => {
    render(role, '/app/rules', RulesPage);
    await screen.findByRole('row', { name: /Live rule/ });
    expect(!!screen.queryByRole('button', { name: 'New rule' })).toBe(want.rules !== 'none');
    const live = screen.queryByRole('button', { name: 'Edit Live rule' });
    const draft = screen.queryByRole('button', { name: 'Edit Draft rule' });
    if (want.rules === 'none') {
      expect(live).toBeNull();
      expect(draft).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete Live rule' })).toBeNull();
    } else {
      expect(draft).toBeEnabled();
      if (want.rules === 'all') expect(live).toBeEnabled();
      else {
        expect(live).toBeDisabled();
        expect(live).toHaveAttribute('title', roleMessages.notAllowed);
        expect(screen.getByRole('button', { name: 'Delete Live rule' })).toBeDisabled();
      }
    }
  });

  it('Data Extract: only the datasets the role may take', async () => {
    const { writes } = render(role, '/app/data-extract', DataExtractPage);
    await screen.findByRole('heading', { level: 1, name: 'Data Extract' });
    const options = within(screen.getByLabelText(exportText.dataset))
      .queryAllByRole('option')
      .map((o) => o.textContent);
    if (want.advertisers === null) {
      expect(options).toEqual([]);
      expect(screen.getByText(roleMessages.notAllowed)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: exportText.download })).toBeDisabled();
    } else {
      expect(options.includes('Advertisers')).toBe(want.advertisers);
      expect(options).toContain('Ads');
      expect(await screen.findByText(/7/)).toBeInTheDocument();
    }
    expect(writes()).toEqual([]);
  });

  it('Bug Reports: support replies only; the others assign, note, resolve and dismiss', async () => {
    const sent: ReportUpdateBody[] = [];
    const { user } = render(role, '/app/bugs', () => (
      <ReportPanel report={openReport} meId="me" busy={false} onChange={(body) => sent.push(body)} />
    ));
    const handles = role !== 'support';
    for (const name of ['Assign to me', 'Save note', 'Resolve', 'Dismiss'])
      expect(!!screen.queryByRole('button', { name })).toBe(handles);
    expect(!!screen.queryByRole('button', { name: 'Send reply' })).toBe(!handles);
    if (!handles) {
      await user.type(screen.getByLabelText('Reply to the reporter (optional)'), 'Thank you, we are looking.');
      await user.click(screen.getByRole('button', { name: 'Send reply' }));
      expect(sent).toEqual([{ reply: 'Thank you, we are looking.' }]);
    }
  });
});
