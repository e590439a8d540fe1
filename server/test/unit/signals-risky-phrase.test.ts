import { describe, expect, it } from 'vitest';
import { compilePhrases, findRiskyPhrases, riskyPhrase, riskyPhraseModule } from '../../src/signals/risky-phrase';

const found = (details: string) =>
  findRiskyPhrases({ heading: '', details }).map((f) => [f.category, f.language, f.text]);

describe('risky_phrase', () => {
  it('finds the English phrases whatever the case, spacing and character swaps', () => {
    expect(found('Advance payment required before delivery')).toEqual([['advance_payment', 'en', 'Advance payment']]);
    expect(found('W0rk fr0m h0me!')).toEqual([['work_from_home', 'en', 'W0rk fr0m h0me']]);
    expect(found('workfromhome jobs')).toEqual([['work_from_home', 'en', 'workfromhome']]);
    expect(found('w o r k  f r o m  h o m e')).toEqual([['work_from_home', 'en', 'w o r k  f r o m  h o m e']]);
    expect(found('Pay the REGISTRATION-FEE first')).toEqual([['pay_to_apply', 'en', 'REGISTRATION-FEE']]);
    expect(found('l0tt3ry')).toEqual([['lottery_prize', 'en', 'l0tt3ry']]);
    expect(found('$end the adv\u200bance pay\u200bment')).toEqual([
      ['advance_payment', 'en', 'adv\u200bance pay\u200bment'],
    ]);
  });

  it('finds Sinhala phrases, with a suffix on the last word', () => {
    expect(found('ඔබට ලොතරැයියක් දිනා ඇත. ලියාපදිංචි ගාස්තුව රු 1500')).toEqual([
      ['lottery_prize', 'si', 'ලොතරැයියක්'],
      ['pay_to_apply', 'si', 'ලියාපදිංචි ගාස්තුව'],
    ]);
    expect(found('ගෙදර සිට වැඩ කරන්න')).toEqual([['work_from_home', 'si', 'ගෙදර සිට වැඩ']]);
  });

  it('finds Tamil phrases', () => {
    expect(found('வீட்டிலிருந்து வேலை, பதிவு கட்டணம் 2000 மட்டும்')).toEqual([
      ['work_from_home', 'ta', 'வீட்டிலிருந்து வேலை'],
      ['pay_to_apply', 'ta', 'பதிவு கட்டணம்'],
    ]);
  });

  it('finds Singlish phrases in other spellings', () => {
    expect(found('gedhara idhan vaada karanna')).toEqual([['work_from_home', 'singlish', 'gedhara idhan vaada']]);
    expect(found('Advance ekak danna')).toEqual([['advance_payment', 'singlish', 'Advance ekak']]);
  });

  it('leaves ordinary ads alone, and does not match across a word', () => {
    expect(found("Toyota Axio 2012, you won't regret it")).toEqual([]);
    expect(found('Advanced features, payment on delivery')).toEqual([]);
    expect(found('Home garden, work from the owner')).toEqual([]);
    expect(found('Hondama condition eke thiyenawa, gedara thiyenne Kandy')).toEqual([]);
  });

  it('reads admins lists in the same shape, and weighs two kinds of scam more than one', () => {
    const module = riskyPhraseModule(compilePhrases({ en: { custom: ['gift card'] } }));
    expect(module.detect({ heading: 'Pay by G1ft Card', details: '' })[0]?.evidence.phrases[0]).toMatchObject({
      category: 'custom',
      field: 'heading',
      text: 'G1ft Card',
    });
    expect(riskyPhrase.detect({ heading: 'Work from home', details: '' })[0]?.strength).toBe(0.7);
    expect(riskyPhrase.detect({ heading: 'Work from home', details: 'registration fee Rs 500' })[0]?.strength).toBe(1);
    expect(riskyPhrase.detect({ heading: 'Toyota Axio', details: '' })).toEqual([]);
  });
});
