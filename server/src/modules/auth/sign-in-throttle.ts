import { messages } from '@backoffice/contract';
import type { Db } from '../../db/client';
import { TooManyRequestsError } from '../../lib/errors';
import * as repo from './sessions-repository';

const MINUTE = 60_000;

type Rule = {
  key: string;
  by: { email?: string; ip?: string; device?: string };
  limit: number;
  windowMs: number;
  /** Logged when an attempt fills it: only a distributed attack reaches it. */
  warnWhenFull?: boolean;
};

/**
 * Failed sign-ins allowed per sliding window (docs/SECURITY.md). The tight limit is per email and
 * address, so that a stranger's failures cannot lock the real admin out from elsewhere; an address
 * trying many emails meets the per-address limit; only a distributed attack on one account reaches
 * the per-account one.
 */
function rules(email: string, ip: string, device: string | null): Rule[] {
  // A trusted device of the account (docs/decisions/0031-device-cookies.md): its own failures only.
  if (device) return [{ key: `device:${device}`, by: { device }, limit: 5, windowMs: 15 * MINUTE }];
  return [
    { key: `pair:${email}\n${ip}`, by: { email, ip }, limit: 5, windowMs: 15 * MINUTE },
    { key: `address:${ip}`, by: { ip }, limit: 20, windowMs: 15 * MINUTE },
    { key: `account:${email}`, by: { email }, limit: 50, windowMs: 60 * MINUTE, warnWhenFull: true },
  ];
}

/** How long failures are kept: the longest window. */
export const LONGEST_WINDOW_MS = 60 * MINUTE;

type Log = { warn(obj: object, msg: string): void };

/**
 * Counts a sign-in attempt before its password is checked, so that parallel attempts can never
 * check more passwords than the limits allow: the check and the count happen under a lock per
 * key, in one transaction. A refused attempt counts towards nothing.
 */
/**
 * Attempts that share a key take their turns here, in memory, before the database's lock: a burst
 * on one account would otherwise hold every pool connection in a transaction waiting for that lock,
 * and everyone else's requests would wait for a connection until they failed (503). The database's
 * lock still orders the instances. Keys are taken in one order, so two attempts never wait on each other.
 */
class KeyTurns {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await this.take(key));
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }

  private async take(key: string): Promise<() => void> {
    const before = this.tails.get(key);
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = (before ?? Promise.resolve()).then(() => done);
    this.tails.set(key, tail);
    await before;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

export class SignInThrottle {
  private readonly turns = new KeyTurns();

  constructor(
    private readonly db: Db,
    private readonly log: Log,
  ) {}

  /**
   * Counts the attempt and returns its id, or throws 429 when a limit is reached. `device`: the
   * trusted device it comes from (trusted-devices.ts), judged by its own failures alone.
   */
  async admit(email: string, ip: string, now: Date, device: string | null = null): Promise<number> {
    const checks = rules(email, ip, device);
    const keys = checks.map((r) => r.key);
    const { id, filled } = await this.turns.run(keys, () => this.admitNow(checks, keys, now, email, ip, device));
    if (filled) {
      this.log.warn(
        { email, ip, attempts: filled.limit, windowMinutes: filled.windowMs / MINUTE },
        'sign-in failures on one account reached its limit; further attempts are refused from every address',
      );
    }
    return id;
  }

  /** The count and the checks under the database's lock of the keys, in one transaction. */
  private admitNow(checks: Rule[], keys: string[], now: Date, email: string, ip: string, device: string | null) {
    return this.db.transaction(async (tx) => {
      await repo.lockThrottleKeys(tx, keys);
      let until = 0;
      let filled: Rule | undefined;
      for (const rule of checks) {
        const since = new Date(now.getTime() - rule.windowMs);
        const times = await repo.recentAttempts(tx, rule.by, since, rule.limit);
        // Allowed again once the limit-th newest attempt leaves the window.
        if (times.length >= rule.limit) until = Math.max(until, times[rule.limit - 1]!.getTime() + rule.windowMs);
        else if (rule.warnWhenFull && times.length === rule.limit - 1) filled = rule;
      }
      if (until > now.getTime()) {
        const seconds = Math.ceil((until - now.getTime()) / 1000);
        throw new TooManyRequestsError(messages.signIn.tooManyAttempts(Math.ceil(seconds / 60)), seconds);
      }
      return { id: await repo.insertSignInAttempt(tx, email, ip, now, device), filled };
    });
  }

  /** A right password is no failure. */
  async refund(attemptId: number): Promise<void> {
    await repo.deleteSignInAttempt(this.db, attemptId);
  }
}
