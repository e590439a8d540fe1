import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client';
import { DEMO_ADS } from '../../../src/seed/demo';
import type { SeededDemo } from '../../support/demo-fixture';
import { DUPLICATE_HEADING } from '../../../src/seed/demo-plan';
import { makeAdmin, signIn } from '../../support/factories';
import { signalsClient } from '../../support/signals-helpers';
import type { TestApp } from '../../support/test-app';

/** The first-start demo comes with its trust signals (docs/decisions/0029-trust-signals.md). */
export const demoTrustSignals = (seeded: { get(): SeededDemo }) =>
  describe('trust signals', () => {
    let t: TestApp;
    let api: ReturnType<typeof signalsClient>;

    beforeAll(async () => {
      ({ t } = seeded.get());
      const admin = await makeAdmin(t.database.db);
      api = signalsClient(t.app, await signIn(t.app, admin.email));
    });

    it('analyses every demo ad, and flags the two Toyota Axio ads as duplicates of each other', async () => {
      const result = await t.database.db.execute(
        sql`select count(*) filter (where an.ad_id is null)::int as pending, count(*)::int as n
          from advertisements a left join ad_analysis an on an.ad_id = a.id`,
      );
      expect(rowsOf<{ pending: number; n: number }>(result)[0]).toEqual({ pending: 0, n: DEMO_ADS });
      // Its ads read like different sellers wrote them (seed/demo-notes.ts): a few near-duplicates,
      // not nearly every ad (as the bare templates made it).
      const flagged = await t.database.db.execute(
        sql`select count(*)::int as n from advertisements where 'duplicate_text' = any(signal_kinds)`,
      );
      expect(rowsOf<{ n: number }>(flagged)[0]!.n).toBeLessThan(DEMO_ADS * 0.2);
      const axios = rowsOf<{ id: string }>(
        await t.database.db.execute(
          sql`select id from advertisements where heading = ${DUPLICATE_HEADING} order by posting_date, id`,
        ),
      ).map((r) => r.id);
      expect(axios).toHaveLength(2);
      const [first, second] = axios as [string, string];
      expect((await api.signals(second)).signals).toContainEqual({
        kind: 'duplicate_text',
        evidence: { duplicates: expect.arrayContaining([expect.objectContaining({ adId: first, similarity: 1 })]) },
      });
      // Mutual: the earlier ad names the repost too, and both lists carry the chip.
      expect((await api.signals(first)).signals).toContainEqual({
        kind: 'duplicate_text',
        evidence: { duplicates: expect.arrayContaining([{ adId: second, similarity: 1 }]) },
      });
      expect((await api.duplicates(first)).json().duplicates).toContainEqual(
        expect.objectContaining({ _id: second, via: 'text', similarity: 1 }),
      );
    });
  });
