// Preloaded into a benchmark's server process (node --import): SIGUSR2 starts the V8 CPU profiler, the
// next SIGUSR2 stops it and writes the profile to CPU_PROFILE_FILE (then `${CPU_PROFILE_FILE}.done`), so a
// profile holds the measured load only (no start-up, no warm-up). The shop's code is not changed for it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
await session.post('Profiler.enable');
// Every 100 µs (V8's default is 1 ms): requests take about a millisecond.
await session.post('Profiler.setSamplingInterval', { interval: 100 });
let running = false;
process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    await session.post('Profiler.start');
    writeFileSync(`${process.env.CPU_PROFILE_FILE}.started`, '');
    return;
  }
  running = false;
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.CPU_PROFILE_FILE, JSON.stringify(profile));
  writeFileSync(`${process.env.CPU_PROFILE_FILE}.done`, '');
});
