import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportText, roleMessages, type AdminRole } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { loadRadix } from '../components/ui/radix-loader';
import { AdsDirectoryPage } from '../features/ads/ads-directory-page';
import { adId, makeAd, makeList } from '../features/ads/ads-test-data';
import { DataExtractPage } from '../features/data-extract/data-extract-page';
import { PackagesPage } from '../features/packages/packages-page';
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

/** One fake server for every screen below; GETs only (nothing here changes anything). */
function fakeServer() {
  const writes: string[] = [];
  stubFetch(async (path, init) => {
    const url = new URL(path, 'http://x');
    if (init?.method && init.method !== 'GET') writes.push(`${init.method} ${url.pathname}`);
    switch (url.pathname) {
      case '/api/packages':
        return jsonResponse({ success: true, packages: samplePackages });
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
  return writes;
}

function render(role: AdminRole, path: string, Component: () => React.ReactNode) {
  const writes = fakeServer();
  renderApp({ path, user: makeUser({ role }), routes: [{ path, Component }] });
  return { writes, user: userEvent.setup() };
}

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
    const { user } = render(role, '/app/ads-directory', AdsDirectoryPage);
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
    expect(writes).toEqual([]);
  });
});
