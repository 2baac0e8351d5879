/**
 * Work a reply should not wait for (mail whose timing would tell whether an account
 * exists). Failures are logged, never thrown; `settled()` lets tests and shutdown wait.
 */
import { describeError, type Logger } from './log';
import type { Metrics } from './metrics';

export interface Background {
  run(name: string, work: () => Promise<void>): void;
  /** Resolves when every started piece of work has finished. */
  settled(): Promise<void>;
}

export function createBackground(log: Logger, metrics?: Pick<Metrics, 'background'>): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, work) {
      const job = (async () => {
        // Start after the reply is on its way.
        await new Promise((resolve) => setImmediate(resolve));
        await work();
        metrics?.background(name, 'success');
      })()
        .catch((error: unknown) => {
          metrics?.background(name, 'failure');
          log.error('background work failed', { work: name, ...describeError(error) });
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
