import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type {
  ActivityResponse,
  AdHistoryEvent,
  AdListResponse,
  DashboardResponse,
  ModerationFigures,
} from '@backoffice/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { loadConfig } from '../../../src/config';
import { rowsOf } from '../../../src/db/client';
import { DEMO_ADS, seedDemoIfEmpty, type DemoSeeded } from '../../../src/seed/demo';
import type { SeededDemo } from '../../support/demo-fixture';
import { DEMO_REJECTION_REASONS } from '../../../src/seed/demo-rejection-reasons';
import { signIn } from '../../support/factories';
import { ORIGIN, type TestApp } from '../../support/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The first-start demo (docs/decisions/0015-demo-data-and-admins.md) seeded into a test database:
 * every screen of the moderators' month has content, and the figures, the audit trail, the ads and
 * the messages tell the same story, because the decisions went through the services.
 */
export const monthOfModeration = (seeded: { get(): SeededDemo }) =>
  describe('a month of moderation by three demo moderators', () => {
    let t: TestApp;
    let demo: DemoSeeded;
    let cookie = '';
    let messages: ReturnType<typeof loadConfig>['messages'];
    const now = new Date('2026-11-22T08:00:00Z');

    const get = async <T>(url: string): Promise<T> => {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie, origin: ORIGIN } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const count = async (query: string) => (await get<{ total: number }>(`/api/activity/count?${query}`)).total;
    const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0]!;

    beforeAll(async () => {
      ({ t, demo, messages } = seeded.get());
      cookie = await signIn(t.app, demo.moderators[0]!.email, demo.password);
    });

    it('makes three demo moderators who sign in with the password it returns, and seeds only once', async () => {
      expect(demo.moderators).toHaveLength(3);
      for (const m of demo.moderators) await signIn(t.app, m.email, demo.password);
      expect(await seedDemoIfEmpty(t.database.db, t.app.storage, { dataDir: t.dataDir, messages, now })).toBeNull();
    });

    it('decides through the services: the dashboard, the figures per admin and the audit trail agree', async () => {
      const dashboard = await get<DashboardResponse>('/api/dashboard?period=month');
      const { cards } = dashboard;
      expect(cards.pending + cards.approved + cards.rejected).toBe(DEMO_ADS);
      // Every approval and rejection of the demo is an entry of the audit trail, all within 30 days.
      expect(cards.approved).toBeGreaterThan(50);
      expect(await count('action=approved')).toBe(cards.approved);
      expect(await count('action=rejected')).toBe(cards.rejected);
      expect(cards.rejectedLast30Days).toBe(cards.rejected);
      expect(await count('action=deleted')).toBe(demo.summary.deleted);
      expect(cards.approvedToday).toBeGreaterThan(0);

      const names = demo.moderators.map((m) => m.name).sort();
      expect(dashboard.recentActivities.length).toBeGreaterThan(0);
      for (const a of dashboard.recentActivities) expect(names).toContain(a.adminName);

      const figures = await get<ModerationFigures>('/api/dashboard/moderation');
      expect(figures.decisionsByAdmin.map((r) => r.actor.name).sort()).toEqual(names);
      const week = figures.decisionsByAdmin.reduce((sum, r) => sum + r.last7Days, 0);
      const decidedThisWeek = await one<{ n: number }>(sql`select count(*)::int as n from advertisements
      where status <> 'pending' and moderated_at >= ${new Date(now.getTime() - 7 * DAY).toISOString()}::timestamptz`);
      expect(week).toBeGreaterThan(0);
      expect(week).toBe(decidedThisWeek.n);
      expect(figures.medianDecisionSeconds7d).toBeGreaterThan(0);
    });

    it('leaves pending ads of every urgency: under 24 h, 24 to 48 h and overdue', async () => {
      const pending = await get<AdListResponse>('/api/advertisements/list?status=pending&pageSize=100');
      const ages = pending.advertisements.map((a) => (now.getTime() - Date.parse(a.postingDate)) / HOUR);
      expect(pending.advertisements.length).toBe((await get<DashboardResponse>('/api/dashboard')).cards.pending);
      expect(ages.filter((h) => h < 24).length).toBeGreaterThan(5);
      expect(ages.filter((h) => h >= 24 && h < 48).length).toBeGreaterThan(5);
      expect(ages.filter((h) => h > 48).length).toBeGreaterThan(5);
      const { cards } = await get<DashboardResponse>('/api/dashboard');
      expect(cards.pendingHighPriority).toBe(ages.filter((h) => h > 48).length);
    });

    it("records take-overs with both admins' names, and rejections with the templates' reasons", async () => {
      const takeOvers = await get<ActivityResponse>('/api/activity?action=claim_taken_over&pageSize=100');
      expect(takeOvers.events.length).toBe(demo.summary.takeOvers);
      expect(takeOvers.events.length).toBeGreaterThan(0);
      const names = demo.moderators.map((m) => m.name);
      for (const e of takeOvers.events) {
        expect(names).toContain(e.actor!.name);
        expect(names).toContain(e.details!.from);
        expect(e.details!.from).not.toBe(e.actor!.name);
      }
      const templates = DEMO_REJECTION_REASONS.map((r) => r.text);
      const rejections = await get<ActivityResponse>('/api/activity?action=rejected&pageSize=100');
      for (const e of rejections.events) expect(templates).toContain(e.rejectionReason);
    });

    it("shows an ad's history in order: submitted, decided by its moderator, the advertiser told", async () => {
      const rejected = await get<AdListResponse>('/api/advertisements/list?status=rejected&pageSize=20');
      for (const ad of rejected.advertisements) {
        const { events } = await get<{ events: AdHistoryEvent[] }>(`/api/advertisements/${ad._id}/history`);
        const actions = events.map((e) => e.action);
        expect(actions[0]).toBe('submitted');
        const decision = events.find((e) => e.action === 'rejected')!;
        expect(decision.actor!._id).toBe(ad.moderatedBy);
        expect(decision.at).toBe(ad.moderatedAt);
        expect(decision.rejectionReason).toBe(ad.rejectionReason);
        const told = events.filter((e) => e.action === 'notified');
        expect(told.length).toBeGreaterThan(0);
        for (const m of told) {
          expect(['sent', 'failed']).toContain(m.details!.status);
          expect(Date.parse(m.at)).toBeGreaterThan(Date.parse(decision.at));
        }
      }
    });

    it('sends no message anywhere but files: sent ones are files under DATA_DIR/outbox, a few failed, none waiting', async () => {
      const list = (status: string) =>
        get<{ total: number }>(`/api/advertiser-messages?status=${status}&pageSize=1`).then((r) => r.total);
      const [sent, failed, queued] = await Promise.all([list('sent'), list('failed'), list('queued')]);
      expect(sent + failed).toBe(demo.summary.messages);
      expect(failed).toBeGreaterThan(0);
      expect(queued).toBe(0);
      expect(fs.readdirSync(path.join(t.dataDir, 'outbox'))).toHaveLength(sent);
    });

    it('leaves unverified advertisers with ads waiting, for the verification queue', async () => {
      const { cards } = await get<DashboardResponse>('/api/dashboard');
      const waiting = await one<{ n: number }>(sql`select count(distinct u.id)::int as n from users u
      join advertisements a on a.user_id = u.id and a.status = 'pending' where not u.is_admin and not u.is_verified`);
      expect(cards.unverifiedAdvertisers).toBeGreaterThanOrEqual(waiting.n);
      expect(waiting.n).toBeGreaterThan(2);
    });

    it('gives ads realistic prices and keeps the two Toyota Axio 2012 ads', async () => {
      const prices = await one<{ cars: number; jobs: number; phones: number }>(sql`select
      (select min(price) from advertisements where category = 'Vehicles')::int as cars,
      (select count(price) from advertisements where category = 'Vacancies')::int as jobs,
      (select max(price) from advertisements where category = 'Mobile phones')::int as phones`);
      expect(prices.cars).toBeGreaterThanOrEqual(1_000_000);
      expect(prices.jobs).toBe(0);
      expect(prices.phones).toBeLessThan(1_000_000);
      const axio = await get<AdListResponse>(`/api/advertisements/list?q=${encodeURIComponent('Toyota Axio 2012')}`);
      expect(axio.advertisements.map((a) => a.status).sort()).toEqual(['approved', 'pending']);
    });
  });
