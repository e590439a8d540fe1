import { seededDemo } from '../support/demo-fixture';
import { describeApi } from '../support/test-app';
import { demoTrustSignals } from './demo/duplicates';
import { monthOfModeration } from './demo/month-of-moderation';
import { signalsRulesReviews } from './demo/signals-rules-reviews';

/**
 * The first-start demo (docs/decisions/0015-demo-data-and-admins.md), seeded once for three sets of
 * read-only checks (each seeded its own before: a minute apiece on a busy PGlite). The month of
 * moderation goes first: the others add an admin of their own.
 */
describeApi('first-start demo', () => {
  const seeded = seededDemo();
  monthOfModeration(seeded);
  signalsRulesReviews(seeded);
  demoTrustSignals(seeded);
});
