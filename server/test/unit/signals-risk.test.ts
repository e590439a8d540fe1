import { describe, expect, it } from 'vitest';
import { readWeights, riskScore } from '../../src/signals/risk';
import { signalKinds } from '../../src/signals/types';

describe('risk score', () => {
  it('is 0 without signals, grows with every other signal, and stays within 100', () => {
    expect(riskScore([])).toBe(0);
    const one = riskScore([{ kind: 'contact_in_text' }]);
    const two = riskScore([{ kind: 'contact_in_text' }, { kind: 'new_account' }]);
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(one);
    expect(riskScore(signalKinds.map((kind) => ({ kind })))).toBeLessThanOrEqual(100);
  });

  it('counts a kind once, at its strongest, and scales by strength', () => {
    const weights = readWeights();
    expect(riskScore([{ kind: 'duplicate_text', strength: 1 }])).toBe(Math.round(100 * weights.duplicate_text));
    expect(
      riskScore([
        { kind: 'duplicate_text', strength: 0.5 },
        { kind: 'duplicate_text', strength: 1 },
      ]),
    ).toBe(riskScore([{ kind: 'duplicate_text', strength: 1 }]));
    expect(riskScore([{ kind: 'price_outlier', strength: 0.5 }])).toBeLessThan(riskScore([{ kind: 'price_outlier' }]));
  });

  it('ranks a blocked phone above a new account, with the shipped weights', () => {
    expect(riskScore([{ kind: 'blocked_phone' }])).toBeGreaterThan(riskScore([{ kind: 'new_account' }]));
    expect(riskScore([{ kind: 'stolen_image' }])).toBeGreaterThan(riskScore([{ kind: 'duplicate_image' }]));
  });

  it('refuses a weights file without a weight for every kind, or out of 0–1', () => {
    const full = Object.fromEntries(signalKinds.map((k) => [k, 0.5]));
    expect(readWeights(full).new_account).toBe(0.5);
    expect(() => readWeights({ ...full, new_account: undefined })).toThrow(/new_account/);
    expect(() => readWeights({ ...full, risky_phrase: 2 })).toThrow(/risky_phrase/);
  });
});
