// Background work waits for the shop to be between requests, never longer than it is told.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createQuietTime } from './quiet-time';

function appWithSlowCall() {
  const quiet = createQuietTime();
  const app = new Hono();
  app.use(quiet.middleware);
  let release = () => {};
  app.get('/slow', async (c) => {
    await new Promise<void>((resolve) => (release = resolve));
    return c.text('done');
  });
  return { quiet, app, release: () => release() };
}

describe('whenQuiet', () => {
  it('resolves at once when no request is being handled', async () => {
    const { quiet } = appWithSlowCall();
    let done = false;
    void quiet.whenQuiet(10_000).then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(true);
  });

  it('waits while a request is handled, and resolves once it is answered', async () => {
    const { quiet, app, release } = appWithSlowCall();
    const answer = app.request('/slow');
    await new Promise((resolve) => setTimeout(resolve, 10));
    let done = false;
    const quietNow = quiet.whenQuiet(10_000).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    release();
    expect(await (await answer).text()).toBe('done');
    await quietNow;
    expect(done).toBe(true);
  });

  it('waits no longer than told when requests never stop', async () => {
    const { quiet, app, release } = appWithSlowCall();
    const answer = app.request('/slow');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await quiet.whenQuiet(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    release();
    await answer;
  });
});
