// The pure parts of server purchase events: the consent an order is placed under, where each platform's
// config lists its pixels, the retry schedule, and the local stand-in's deduplication by event id.
import { describe, expect, it } from 'vitest';
import { afterFailure, MAX_ATTEMPTS, retryDelayMs } from './backoff';
import { orderConsent } from './consent';
import type { AppConfig } from '../../../schemas/generated/api';
import { createLocalConversions, DEDUP_WINDOW_MS } from './local-conversions';
import { destinationsOf } from './platforms';
import type { ServerEvent } from './provider';

const match = { userAgent: 'Mozilla/5.0', fbp: 'fb.1.1.2', fbc: undefined };
const choice = (advertising: boolean, version = 'v2') => ({ analytics: true, advertising, version, at: 1_780_000_000 });
const denied = { analytics: false, advertising: false };
const policy = { acceptedByDefault: false, version: 'v2' };

describe('the consent an order is placed under', () => {
  it('is the shopper’s choice, with when and under which policy', () => {
    expect(orderConsent({ choice: choice(true), policy, match }, denied)).toEqual({
      analytics: true,
      advertising: true,
      chosen: true,
      policyVersion: 'v2',
      chosenAt: new Date(1_780_000_000_000),
      match: { userAgent: 'Mozilla/5.0', fbp: 'fb.1.1.2' },
    });
  });

  it('keeps nothing of the device for a shopper who refused advertising', () => {
    expect(orderConsent({ choice: choice(false), policy, match }, { analytics: true, advertising: true })).toMatchObject({
      advertising: false,
      chosen: true,
      match: null,
    });
  });

  it('is the configured default without a choice, or with a choice made under another policy', () => {
    const defaults = { analytics: false, advertising: true };
    expect(orderConsent({ choice: undefined, policy, match }, defaults)).toMatchObject({
      advertising: true,
      chosen: false,
      chosenAt: null,
    });
    expect(orderConsent({ choice: choice(false, 'v1'), policy, match }, defaults, 'v2')).toMatchObject({
      advertising: true,
      chosen: false,
      policyVersion: null,
    });
  });

  it('keeps only short values of what the client sent', () => {
    const long = 'x'.repeat(501);
    expect(orderConsent({ choice: choice(true), policy, match: { userAgent: long, fbp: '' } }, denied).match).toBeNull();
  });
});

describe('where a platform’s app lists its pixels', () => {
  it('reads Meta’s pixelNumber with its token, TikTok’s and Snapchat’s ids, each once, in order', () => {
    expect(
      destinationsOf({
        code: 'pixel',
        status: 'ON',
        config: { pixelNumber: ['111', '222', '111'], accessToken: 'EAA1' },
      } as unknown as AppConfig),
    ).toEqual([
      { id: '111', accessToken: 'EAA1' },
      { id: '222', accessToken: 'EAA1' },
    ]);
    // Read leniently: a merchant's older config listed objects.
    expect(
      destinationsOf({
        code: 'pixel',
        status: 'ON',
        config: { pixelNumber: [{ id: '333' }, { name: 'no id' }] },
      } as unknown as AppConfig),
    ).toEqual([{ id: '333' }]);
    expect(destinationsOf({ code: 'tiktok', status: 'ON', config: { pixels: [{ pixelId: 'C4TT' }] } })).toEqual([{ id: 'C4TT' }]);
    expect(destinationsOf({ code: 'snapchat', status: 'ON', config: { pixelId: 'snap-1' } })).toEqual([{ id: 'snap-1' }]);
  });

  it('gives none for an app that is off, has no pixel, or has no conversions API', () => {
    expect(destinationsOf({ code: 'pixel', status: 'OFF', config: { pixelNumber: ['1'] } })).toEqual([]);
    expect(destinationsOf({ code: 'pixel', status: 'ON', config: { pixelNumber: [] } })).toEqual([]);
    expect(destinationsOf({ code: 'googleAnalytics4', status: 'ON', config: { enable: true, id: 'G-1' } })).toEqual([]);
    expect(destinationsOf(undefined)).toEqual([]);
  });
});

describe('the retry schedule', () => {
  it('waits 30 s, then four times longer each time, and gives up after the last attempt', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 120_000, 480_000, 1_920_000, 7_680_000]);
    const now = new Date('2026-11-27T10:00:00Z');
    expect(afterFailure(1, now)).toEqual({ status: 'pending', at: new Date('2026-11-27T10:00:30Z') });
    expect(afterFailure(MAX_ATTEMPTS, now)).toEqual({ status: 'failed' });
    expect(afterFailure(1, now, true)).toEqual({ status: 'failed' });
  });
});

describe('the local stand-in of the conversions APIs', () => {
  const event = (eventId: string, ids = ['111']): ServerEvent => ({
    platform: 'pixel',
    eventId,
    destinations: ids.map((id) => ({ id })),
    payload: {
      eventName: 'Purchase',
      eventTime: '2026-11-27T10:00:00.000Z',
      orderNumber: 'VG-10001',
      value: 11800,
      currency: 'USD',
      items: [{ skuId: 11, productId: 1, quantity: 2, price: 5900 }],
      emailSha256: null,
      match: null,
    },
  });

  it('answers as Meta does and counts an event id once per pixel, from the browser or the server', async () => {
    const platform = createLocalConversions();
    platform.receiveBrowser({ platform: 'pixel', pixelId: '111', eventName: 'Purchase', eventId: 'purchase.a' });
    expect(await platform.send(event('purchase.a', ['111', '222']))).toMatchObject({
      ok: true,
      response: { events_received: 2 },
    });
    expect(await platform.send(event('purchase.a'))).toMatchObject({ ok: true });
    expect(platform.deliveries().map((d) => [d.source, d.pixelId, d.counted])).toEqual([
      ['browser', '111', true],
      ['server', '111', false],
      ['server', '222', true],
      ['server', '111', false],
    ]);
    expect(platform.counted()).toHaveLength(2);
  });

  it('counts the same id again after the 48-hour window', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const platform = createLocalConversions({ clock: () => now });
    await platform.send(event('purchase.b'));
    now = new Date(now.getTime() + DEDUP_WINDOW_MS);
    await platform.send(event('purchase.b'));
    expect(platform.counted()).toHaveLength(2);
  });

  it('fails as an outage does, loses answers as a timeout does, and refuses an event with nowhere to go', async () => {
    const platform = createLocalConversions();
    platform.failNext(1);
    expect(await platform.send(event('purchase.c'))).toMatchObject({ ok: false, response: { error: { code: 503 } } });
    expect(platform.deliveries()).toEqual([]);
    platform.loseAnswers(1);
    await expect(platform.send(event('purchase.c'))).rejects.toThrow(/answer/);
    expect(platform.deliveries()).toHaveLength(1);
    expect(await platform.send(event('purchase.d', []))).toMatchObject({ ok: false, permanent: true });
  });
});
