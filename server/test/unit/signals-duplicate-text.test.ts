import { describe, expect, it } from 'vitest';
import {
  BANDS,
  duplicateText,
  estimatedSimilarity,
  jaccard,
  minhash,
  shingles,
  signatureFromBytes,
  signatureToBytes,
  textBandKeys,
} from '../../src/signals/duplicate-text';
import { tokenise } from '../../src/signals/text-normalise';

const axio = {
  heading: 'Toyota Axio 2012',
  details:
    'Pearl white colour, 85,000 km only. First owner, lady driven, all service records at Toyota Lanka. ' +
    'Hondama condition eke thiyenawa, ganan podi kathawa karanna puluwan. New tyres and battery, leasing available. ' +
    'Located in Maharagama, inspection on weekends.',
};
const repost = {
  heading: 'Toyota Axio 2012 urgent sale',
  details:
    'Hondama condition eke tiyenava, ganan podi kathaawa karanna puluvan. Located in Maharagama, inspection on weekends. ' +
    'Pearl white colour, 85,000 km only. First owner, lady driven, all service records at Toyota Lanka. ' +
    'New tyres and battery, leasing available.',
};
const anotherAxio = {
  heading: 'Toyota Axio 2012',
  details:
    'Silver, auto gear, push start, reverse camera. Second owner, registered 2013, 120,000 km. ' +
    'Genuine buyers only, price slightly negotiable. Call after 5 pm, Kandy.',
};

describe('duplicate_text', () => {
  it('folds case, character swaps and Singlish spellings before comparing', () => {
    expect(tokenise('Thiyenawa tiyenava THIYENNAWA').map((t) => t.norm)).toEqual(['tiyenava', 'tiyenava', 'tiyenava']);
    expect(tokenise('W0RK pr1ze').map((t) => t.norm)).toEqual(['vork', 'prize']);
    expect(tokenise('ලොතරැයි\u200d பரிசு').map((t) => t.norm)).toEqual(['ලොතරැයි', 'பரிசு']);
    expect(shingles({ heading: 'Axio', details: 'axio AXIO' }).size).toBe(1);
  });

  it('finds a repost with reordered sentences and other Singlish spellings, and not another ad of the model', () => {
    const a = minhash(axio);
    expect(jaccard(axio, repost)).toBeGreaterThan(0.8);
    expect(estimatedSimilarity(a, minhash(repost))).toBeGreaterThan(0.7);
    expect(jaccard(axio, anotherAxio)).toBeLessThan(0.2);
    const [signal] = duplicateText.detect({
      signature: a,
      candidates: [
        { adId: 'repost', signature: minhash(repost) },
        { adId: 'other', signature: minhash(anotherAxio) },
      ],
    });
    expect(signal?.evidence.duplicates.map((d) => d.adId)).toEqual(['repost']);
    expect(
      duplicateText.detect({ signature: a, candidates: [{ adId: 'other', signature: minhash(anotherAxio) }] }),
    ).toEqual([]);
  });

  it('gives a near-duplicate a shared band key, and a different ad none', () => {
    const keys = textBandKeys(minhash(axio));
    expect(keys).toHaveLength(BANDS);
    expect(new Set(keys).size).toBe(BANDS);
    for (const k of keys) expect(Number.isSafeInteger(k) && k >= 0).toBe(true);
    const shared = (b: typeof axio) => textBandKeys(minhash(b)).filter((k) => keys.includes(k)).length;
    expect(shared(repost)).toBeGreaterThan(0);
    expect(shared(anotherAxio)).toBe(0);
    // The same text gives the same keys: the keys are stored once and looked up by later ads.
    expect(textBandKeys(minhash(axio))).toEqual(keys);
  });

  it('finds Sinhala and Tamil reposts', () => {
    const si = {
      heading: 'නිවසක් විකිණීමට',
      details: 'කොළඹ නගරයට කිලෝමීටර් 5 ක් දුරින්, කාමර 3 ක්, නාන කාමර 2 ක්, වාහන නැවැත්වීමට ඉඩ ඇත.',
    };
    const siRepost = {
      heading: 'නිවසක් විකිණීමට',
      details: 'කාමර 3 ක්, නාන කාමර 2 ක්, වාහන නැවැත්වීමට ඉඩ ඇත. කොළඹ නගරයට කිලෝමීටර් 5 ක් දුරින්.',
    };
    const ta = {
      heading: 'வீடு விற்பனைக்கு',
      details: 'யாழ்ப்பாணம் நகரில் இருந்து 3 கிலோமீட்டர், மூன்று அறைகள், கிணறு மற்றும் தோட்டம்.',
    };
    expect(estimatedSimilarity(minhash(si), minhash(siRepost))).toBeGreaterThan(0.8);
    expect(estimatedSimilarity(minhash(si), minhash(ta))).toBeLessThan(0.1);
  });

  it('stores a signature as bytes and reads it back', () => {
    const signature = minhash(axio);
    const bytes = signatureToBytes(signature);
    expect(bytes.length).toBe(signature.length * 4);
    expect(signatureFromBytes(new Uint8Array(bytes))).toEqual(signature);
  });

  it("folds an ad's heading and details once for its signature and its risky phrases", () => {
    const ad = { heading: 'Toyota Axio 2012, WhatsApp only', details: 'Advance paymant first.\nNo agents' };
    const heading = tokenise(ad.heading);
    const signature = minhash(ad);
    // The signature read the fields' tokens as kept: the phrases' reading gets the same ones.
    expect(tokenise(ad.heading)).toBe(heading);
    expect(tokenise(ad.details)).toBe(tokenise(ad.details));
    // Reading the fields apart gives the words of the two read together.
    expect(signature).toEqual(minhash({ heading: `${ad.heading}\n${ad.details}`, details: '' }));
    expect([...shingles(ad)]).toEqual([...new Set(tokenise(`${ad.heading} ${ad.details}`).map((t) => t.norm))]);
  });
});
