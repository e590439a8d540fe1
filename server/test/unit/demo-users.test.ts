import { describe, expect, it } from 'vitest';
import { demoAdvertiser } from '../../src/seed/demo-users';
import { createRng } from '../../src/seed/random';

describe('demo advertisers (D23)', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const make = (seed: number) =>
    Array.from({ length: 200 }, (_, i) => demoAdvertiser(createRng(seed + i), i, now, 'h'));

  it('are deterministic for a seed and differ between seeds', () => {
    expect(make(7)).toEqual(make(7));
    expect(make(7)).not.toEqual(make(8));
  });

  it('look like Sri Lankan advertisers with local mobile numbers', () => {
    for (const u of make(1)) {
      expect(u.mobile).toMatch(/^07[0-8] \d{3} \d{4}$/);
      expect(u.email).toMatch(/^[a-z.]+\d+@[a-z.]+$/);
      expect(u.isAdmin).toBe(false);
      expect(u.createdAt!.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const users = make(1);
    expect(new Set(users.map((u) => u.username)).size).toBe(users.length);
    expect(users.some((u) => !u.isVerified)).toBe(true);
    expect(users.some((u) => u.mobile2)).toBe(true);
  });
});
