import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJobs } from './schedule';

afterEach(() => vi.useRealTimers());

describe('startJobs', () => {
  it('runs each job on its period, never two runs of one job at once, and keeps going after a failure', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    let runs = 0;
    let release: () => void = () => {};
    const jobs = startJobs(
      [
        {
          name: 'slow',
          everyMs: 1000,
          run: () => {
            runs++;
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
        {
          name: 'failing',
          everyMs: 1000,
          run: async () => {
            throw new Error('database away');
          },
        },
      ],
      (message) => log.push(message),
    );
    await vi.advanceTimersByTimeAsync(3500);
    // The slow job's first run is still under way: no second run started.
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(log.filter((l) => l.includes('"failing" failed')).length).toBeGreaterThanOrEqual(3);
    release();
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });
});
