// Work that no shopper waits for (confirmation mails) runs when the process is between requests: a burst
// of shoppers (ten one-click offers accepted at once) is answered first, the mails composed right after.
// `whenQuiet` resolves once no request is being handled, or after `maxWaitMs` at the latest, so steady
// traffic never holds background work back for long.
import type { MiddlewareHandler } from 'hono';

export interface QuietTime {
  /** Counts the requests being handled (the app's first middleware). */
  middleware: MiddlewareHandler;
  whenQuiet(maxWaitMs: number): Promise<void>;
}

export function createQuietTime(): QuietTime {
  let handling = 0;
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  return {
    middleware: async (_c, next) => {
      handling++;
      try {
        await next();
      } finally {
        // Let the answer leave before anything waiting starts.
        if (--handling === 0 && waiting.size > 0) setImmediate(() => handling === 0 && wake());
      }
    },
    whenQuiet(maxWaitMs) {
      if (handling === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, maxWaitMs);
        function done() {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        }
        waiting.add(done);
      });
    },
  };
}
