import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHRASE_CATEGORIES, PHRASE_LANGUAGES, type AdSignal, type RiskyPhraseItem } from '@backoffice/contract';
import { shippedPhraseLists } from '../../src/signals/risky-phrase';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { analysed, signalsClient } from '../support/signals-helpers';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * Admins' risky phrases (issue 33.3): added and taken out per language and category, stored in
 * risky_phrase_edits on top of the shipped lists; the analysis of new ads uses the lists in effect.
 */
describeApi('risky phrases edited by admins', () => {
  let t: TestApp;
  let api: ReturnType<typeof signalsClient>;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp({ analyseAds: true });
    const admin = await makeAdmin(t.database.db, { name: 'Phrase Admin' });
    cookie = await signIn(t.app, admin.email);
    api = signalsClient(t.app, cookie);
  });
  afterAll(() => t?.close());

  const headers = () => ({ cookie, origin: ORIGIN });
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/signals/phrases', headers: headers() })).json<{
      phrases: RiskyPhraseItem[];
    }>().phrases;
  const add = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/signals/phrases', headers: headers(), payload });
  const take = (query: Record<string, string>) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/signals/phrases?${new URLSearchParams(query).toString()}`,
      headers: headers(),
    });
  /** The risky phrases found in a new ad with this text, once analysed. */
  let n = 0;
  const phrasesIn = async (details: string) => {
    const ad = await makeAd(t.database.db, { heading: `Item ${++n}`, details });
    await analysed(t.app, t.database.db, [ad.id]);
    const signal = (await api.signals(ad.id)).signals.find(
      (s): s is Extract<AdSignal, { kind: 'risky_phrase' }> => s.kind === 'risky_phrase',
    );
    return (signal?.evidence.phrases ?? []).map((p) => `${p.phrase} (${p.language}, ${p.category})`);
  };

  it('lists every shipped phrase, under the languages and categories the contract names', async () => {
    const phrases = await list();
    const shipped = Object.values(shippedPhraseLists).flatMap((l) => Object.values(l).filter(Array.isArray).flat());
    expect(phrases.filter((p) => p.source === 'shipped')).toHaveLength(shipped.length);
    expect(Object.keys(shippedPhraseLists).sort()).toEqual([...PHRASE_LANGUAGES].sort());
    const categories = Object.values(shippedPhraseLists).flatMap((l) => Object.keys(l).filter((k) => k !== '_comment'));
    expect([...new Set(categories)].sort()).toEqual([...PHRASE_CATEGORIES].sort());
  });

  it('flags new ads for a phrase an admin added, and no longer once it is taken out', async () => {
    const text = 'Join our gold coin circle and double your savings.';
    expect(await phrasesIn(text)).toEqual([]);

    const res = await add({ language: 'en', category: 'crypto_investment', phrase: '  gold coin circle ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().phrase).toMatchObject({
      language: 'en',
      category: 'crypto_investment',
      phrase: 'gold coin circle',
      source: 'admin',
      removed: false,
      changedBy: { name: 'Phrase Admin' },
    });
    expect((await list()).filter((p) => p.source === 'admin').map((p) => p.phrase)).toEqual(['gold coin circle']);
    // Written another way it is the same phrase: answered as it is, not added twice.
    expect(
      (await add({ language: 'en', category: 'crypto_investment', phrase: 'Gold Coin  Circle' })).json().phrase.phrase,
    ).toBe('gold coin circle');
    expect(await phrasesIn(text)).toEqual(['gold coin circle (en, crypto_investment)']);

    expect((await take({ language: 'en', category: 'crypto_investment', phrase: 'gold coin circle' })).statusCode).toBe(
      200,
    );
    expect((await list()).some((p) => p.phrase === 'gold coin circle')).toBe(false);
    expect(await phrasesIn(text)).toEqual([]);
  });

  it('takes a shipped phrase out (listed as removed) and puts it back', async () => {
    const text = 'A registration fee is needed before the interview.';
    expect(await phrasesIn(text)).toEqual(['registration fee (en, pay_to_apply)']);

    expect((await take({ language: 'en', category: 'pay_to_apply', phrase: 'registration fee' })).statusCode).toBe(200);
    expect((await list()).find((p) => p.phrase === 'registration fee')).toMatchObject({
      source: 'shipped',
      removed: true,
      changedBy: { name: 'Phrase Admin' },
    });
    expect(await phrasesIn(text)).toEqual([]);

    const back = await add({ language: 'en', category: 'pay_to_apply', phrase: 'Registration Fee' });
    expect(back.json().phrase).toMatchObject({ phrase: 'registration fee', source: 'shipped', removed: false });
    expect(await phrasesIn(text)).toEqual(['registration fee (en, pay_to_apply)']);
  });

  it('refuses bad input with a 400 naming the field and changes nothing; a phrase not listed is a 404', async () => {
    const before = await databaseSnapshot(t.database.db);
    const good = { language: 'en', category: 'advance_payment', phrase: 'pay the broker first' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'language'],
      [{ ...good, language: 'fr' }, 'language'],
      [{ ...good, category: 'weather' }, 'category'],
      [{ ...good, phrase: '   ' }, 'phrase'],
      [{ ...good, phrase: '!!! ???' }, 'phrase'],
      [{ ...good, phrase: 'x'.repeat(101) }, 'phrase'],
      [{ ...good, phrase: 42 }, 'phrase'],
    ];
    for (const [payload, field] of cases) {
      const res = await add(payload);
      expect([payload, res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([
        payload,
        400,
        expect.arrayContaining([field]),
      ]);
    }
    expect((await add({ ...good, extra: 1 })).statusCode).toBe(400);
    expect((await take({ language: 'en', category: 'advance_payment' })).statusCode).toBe(400);
    expect((await take({ ...good, language: 'xx' })).statusCode).toBe(400);
    expect((await take(good)).statusCode).toBe(404);
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
  });
});
