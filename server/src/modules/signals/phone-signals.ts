import type { Signal } from '../../signals/types';

/** A number an ad carries (E.164): its contact number, or one written in its text. */
export type AdPhone = { phone: string; source: 'contact' | 'text' };
export type PhoneAccount = { phone: string; userId: string; username: string };

/** A number behind this many advertiser accounts (this ad's own included) is `phone_reuse`. */
export const PHONE_REUSE_ACCOUNTS = 3;

/**
 * `phone_reuse` and `blocked_phone` (docs/decisions/0029-trust-signals.md): the ad's numbers against
 * the accounts with ads carrying them, and against the blocklist. The evidence lists the other
 * accounts behind each reused number (a moderator's question: who else uses it?).
 */
export function phoneSignals(
  ad: { userId: string | null },
  phones: readonly AdPhone[],
  accounts: readonly PhoneAccount[],
  blocked: ReadonlySet<string>,
): Signal[] {
  const signals: Signal[] = [];
  const reused = phones.flatMap(({ phone, source }) => {
    const others = new Map<string, string>();
    for (const a of accounts) if (a.phone === phone && a.userId !== ad.userId) others.set(a.userId, a.username);
    const total = others.size + (ad.userId ? 1 : 0);
    if (total < PHONE_REUSE_ACCOUNTS) return [];
    const list = [...others].map(([userId, username]) => ({ userId, username }));
    return [{ phone, source, accounts: list.sort((a, b) => a.username.localeCompare(b.username)) }];
  });
  if (reused.length) signals.push({ kind: 'phone_reuse', evidence: { phones: reused } });
  const listed = phones.filter((p) => blocked.has(p.phone)).map(({ phone, source }) => ({ phone, source }));
  if (listed.length) signals.push({ kind: 'blocked_phone', evidence: { phones: listed } });
  return signals;
}
