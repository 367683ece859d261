// Jobs that run inside the server process on a timer (issue 8: unpaid orders expire; abandoned checkouts
// get one reminder). Each job is written to be safe when several processes run it at once (conditional
// statements claim the rows), so every process may run the schedule. A run never overlaps the previous
// one of the same job, a failure is logged and the next run tries again, and timers never keep a stopping
// process alive.
export interface Job {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

export function startJobs(jobs: Job[], log: (message: string, error?: unknown) => void) {
  const running = new Map<string, Promise<unknown>>();
  const timers = jobs.map((job) => {
    const tick = () => {
      if (running.has(job.name)) return;
      const run = job
        .run(new Date())
        .catch((error: unknown) => log(`the job "${job.name}" failed (it runs again in ${job.everyMs} ms)`, error))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    // A first run soon after start (not at once: the server answers its first requests first).
    setTimeout(tick, Math.min(job.everyMs, 5_000)).unref();
    return timer;
  });
  return {
    /** Stops the timers and waits for the runs under way. */
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
