import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../src/seed/png';
import { SWEEP_MIN_AGE_MS, TEMP_MIN_AGE_MS } from '../../src/storage/upload-sweep';
import { makeAd } from '../support/factories';
import { diskDriver, s3Driver, type DriverUnderTest } from '../support/storage-drivers';
import { describeApi, type TestApp } from '../support/test-app';

const MINUTE = 60_000;
const png = encodePng(8, 6, (x, y) => [x * 30, y * 40, 90]);
const tmp = (dir: string, name: string) => `${dir}/.tmp-0123456789abcdef-${name}`;

/**
 * Issue 38.2: what a `kill -9` during uploads leaves (temporary files) is cleared by the sweep that
 * runs at start-up once it is TEMP_MIN_AGE_MS old, not after the hour other files wait, and never
 * while it may still be an upload in flight on another instance sharing the storage.
 */
describe.each([diskDriver(), s3Driver()])('temporary uploads at start-up: $name', (driver: DriverUnderTest) => {
  beforeAll(() => driver.start());
  afterAll(() => driver.stop());

  describeApi('the start-up sweep', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await driver.buildApp();
    });
    afterAll(() => t?.close());

    it('removes stale temporaries, finishes interrupted commits, keeps young ones and young orphans', async () => {
      expect(TEMP_MIN_AGE_MS).toBeLessThan(SWEEP_MIN_AGE_MS);
      const stale = [
        tmp('banner-ads', 'killed.png'),
        tmp('thumbs/w96/banner-ads', 'killed.png.webp'),
        tmp('ads', 'killed-ad.png'),
      ];
      for (const key of stale) driver.put(t, key, png, TEMP_MIN_AGE_MS + MINUTE);
      // Killed between the row's commit and the rename: the row names the final key.
      const interrupted = tmp('ads', 'interrupted.png');
      driver.put(t, interrupted, png, TEMP_MIN_AGE_MS + MINUTE);
      await makeAd(t.database.db, { images: ['ads/interrupted.png'] });
      // Possibly an upload in flight on another instance sharing the storage.
      const young = tmp('banner-ads', 'in-flight.png');
      driver.put(t, young, png, MINUTE);
      // Not a temporary file: the hour's rule is unchanged.
      const orphan = 'ads/young-orphan.png';
      driver.put(t, orphan, png, TEMP_MIN_AGE_MS + MINUTE);

      const result = await t.app.uploadSweeper.runOnce();
      expect(result!.promoted).toEqual([interrupted]);
      expect([...result!.removed].sort()).toEqual([...stale].sort());
      expect(driver.keys(t)).toEqual(['ads/interrupted.png', orphan, young].sort());

      // The run after start-up: the young temporary file is old enough by then.
      t.clock.advance(TEMP_MIN_AGE_MS);
      expect((await t.app.uploadSweeper.runOnce())!.removed).toEqual([young]);
      expect(driver.keys(t)).toEqual(['ads/interrupted.png', orphan]);
    });
  });
});
