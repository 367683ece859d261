import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { renderPageView } from '../../test-support/renderer/render-page';
import { FIXED_NOW, fixturePage, formatHtml, renderFixture, renderOneBlock } from '../../test-support/blocks/render-fixture';
import { clockOffset, MAX_CLOCK_SKEW_MS, timeLeft } from '../shared/time-left';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const countdown = (settings: Record<string, unknown>) =>
  renderOneBlock('countdown', { showMilliseconds: true, align: 'center', ...settings });

describe('countdown block', () => {
  it('renders its fixture on the server (snapshot)', async () => {
    expect(formatHtml(await renderFixture('countdown', shop))).toMatchSnapshot();
  });

  it('shows days, hours, minutes, seconds and milliseconds left at the server time', async () => {
    // 2026-11-22T12:00:00.000Z -> 2026-11-24T15:04:05.678Z = 2 d 3 h 4 min 5 s 678 ms
    const html = await countdown({ endsAt: '2026-11-24T15:04:05.678Z' });
    const digits = [...html.matchAll(/countdown__digits">(\d+)</g)].map((m) => m[1]);
    expect(digits).toEqual(['02', '03', '04', '05', '678']);
    expect(html).toContain('Milliseconds');
    expect(html).toContain('Time left: 2 days, 3 hours and 4 minutes');
    expect(await countdown({ endsAt: '2026-11-23T13:01:00Z' })).toContain('Time left: 1 day, 1 hour and 1 minute');
  });

  it('leaves out milliseconds when asked to', async () => {
    const html = await countdown({ endsAt: '2026-11-24T15:04:05.678Z', showMilliseconds: false });
    expect(html).not.toContain('Milliseconds');
    expect([...html.matchAll(/countdown__digits/g)]).toHaveLength(4);
  });

  it('says the offer has ended once the time is up, in the page language', async () => {
    expect(await countdown({ endsAt: '2026-11-01T00:00:00Z' })).toContain('This offer has ended');
    expect(await countdown({ endsAt: '2026-11-01T00:00:00Z', endedText: { en: 'Too late!' } })).toContain('Too late!');
  });

  it('disappears once ended when hideWhenEnded is set', async () => {
    const html = await countdown({ endsAt: '2026-11-01T00:00:00Z', hideWhenEnded: true, heading: 'Hurry' });
    expect(html).not.toContain('Hurry');
    expect(html).not.toContain('ended');
  });

  it('renders the same HTML whenever it is rendered with the same server time (no hydration mismatch)', async () => {
    const page = await fixturePage('countdown');
    const view = { id: 1, version: 1, page, data: {}, now: FIXED_NOW };
    const first = await renderPageView(view);
    await new Promise((r) => setTimeout(r, 20));
    expect(await renderPageView(view)).toBe(first);
  });
});

describe('timeLeft', () => {
  it('never goes below zero', () => {
    expect(timeLeft(1000, 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, milliseconds: 0, ended: true });
  });
});

describe('clockOffset', () => {
  it('trusts the visitor clock within network latency, and the server clock beyond', () => {
    expect(clockOffset(10_000, 9_000)).toBe(0);
    expect(clockOffset(10_000 + MAX_CLOCK_SKEW_MS + 1, 10_000)).toBe(MAX_CLOCK_SKEW_MS + 1);
    expect(clockOffset(0, 2 * MAX_CLOCK_SKEW_MS)).toBe(-2 * MAX_CLOCK_SKEW_MS);
  });
});
