import type { RuleBacktests } from '../../src/modules/rules/rules-backtest';

/**
 * Holds every backtest after its first batch (two ads a batch) until `release`, and makes the start
 * answer at once (202).
 */
export function holdBacktests(runner: RuleBacktests) {
  runner.batchSize = 2;
  runner.answerWithinMs = 0;
  let reachedResolve!: (b: { scanned: number }) => void;
  const reached = new Promise<{ scanned: number }>((r) => (reachedResolve = r));
  let releaseResolve!: () => void;
  const released = new Promise<void>((r) => (releaseResolve = r));
  let batches = 0;
  runner.betweenBatches = async (b) => {
    batches++;
    reachedResolve(b);
    await released;
  };
  return { reached, release: () => releaseResolve(), batches: () => batches };
}
