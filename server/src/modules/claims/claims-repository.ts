import { and, eq, sql } from 'drizzle-orm';
import type { AdClaim } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';
import { adClaims } from '../../db/schema';
import { toAdClaim } from './claim-row';

export type ClaimedAd = {
  status: string;
  heading: string;
  userId: string | null;
  claim: { adminId: string; name: string; expiresAt: Date } | null;
};

/**
 * Locks the ad's row, then reads its claim: claims and decisions on one ad take turns on this lock,
 * so of two admins claiming at once exactly one sees no live claim. The claim is read after the lock
 * is held (a statement that waited for the lock still sees the other tables as they were when it
 * began), by `ad_lock_claim`, whose two statements take a snapshot each: one round trip (migration 0040).
 */
export async function lockClaimedAd(tx: Executor, adId: string): Promise<ClaimedAd | undefined> {
  const [ad] = rowsOf<{
    status: string;
    heading: string;
    user_id: string | null;
    claim_admin_id: string | null;
    claim_name: string | null;
    claim_expires_at: Date | string | null;
  }>(await tx.execute(sql`select * from ad_lock_claim(${adId}::uuid)`));
  if (!ad) return undefined;
  return {
    status: ad.status,
    heading: ad.heading,
    userId: ad.user_id,
    claim: ad.claim_admin_id
      ? { adminId: ad.claim_admin_id, name: ad.claim_name ?? '', expiresAt: new Date(ad.claim_expires_at!) }
      : null,
  };
}

export async function upsertClaim(tx: Executor, adId: string, adminId: string, expiresAt: Date): Promise<void> {
  await tx
    .insert(adClaims)
    .values({ adId, adminId, expiresAt })
    .onConflictDoUpdate({ target: adClaims.adId, set: { adminId, expiresAt } });
}

export async function deleteClaim(tx: Executor, adId: string, adminId: string): Promise<void> {
  await tx.delete(adClaims).where(and(eq(adClaims.adId, adId), eq(adClaims.adminId, adminId)));
}

/** The live claims on these ads (by primary key: a page's worth of lookups). */
export async function liveClaims(db: Executor, adIds: string[], now: Date): Promise<Map<string, AdClaim>> {
  const claims = new Map<string, AdClaim>();
  if (!adIds.length) return claims;
  const ids = sql.join(
    adIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select c.ad_id, c.admin_id, coalesce(u.name, u.username) as name, c.expires_at
    from ad_claims c join users u on u.id = c.admin_id
    where c.ad_id in (${ids}) and c.expires_at > ${now.toISOString()}::timestamptz`);
  for (const r of rowsOf<{ ad_id: string; admin_id: string; name: string; expires_at: Date | string }>(result)) {
    claims.set(r.ad_id, toAdClaim(r.admin_id, r.name, r.expires_at));
  }
  return claims;
}

/** Advisory locks' first key for claims: one admin's claims take turns on (this, hash of the admin). */
const ADMIN_CLAIMS_LOCK = 1_701_700;

/**
 * Makes one admin's claims take turns until the transaction ends, so that two claims at once
 * cannot both see room under the cap. Taken before the ad's row lock, always in that order.
 */
export async function lockAdminClaims(tx: Executor, adminId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CLAIMS_LOCK}, hashtext(${adminId}))`);
}

/** The admin's live claims on ads other than `exceptAdId`. */
export async function countLiveClaims(tx: Executor, adminId: string, exceptAdId: string, now: Date): Promise<number> {
  const result = await tx.execute(sql`
    select count(*)::int as n from ad_claims
    where admin_id = ${adminId} and ad_id <> ${exceptAdId} and expires_at > ${now.toISOString()}::timestamptz`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}
