// @vitest-environment happy-dom
// TikTok and Snapchat pixels: their base codes once, a load per pixel, and the standard events with the
// server's event id on the purchase (TikTok's event_id, Snap's client_dedup_id).
import { beforeEach, describe, expect, it } from 'vitest';
import { blankPage, calls, env, scriptSources, shopEvents } from '../../test-support/renderer/integrations';
import snapchat from './snapchat';
import tiktok from './tiktok';

const w = () => window as unknown as Record<string, any>;
let events: ReturnType<typeof shopEvents>;
beforeEach(() => {
  blankPage();
  events = shopEvents();
});

describe('TikTok pixel', () => {
  const config = { pixels: [{ pixelId: 'CABCDEFGHIJ123456789' }, { pixelId: 'CZYXWVUTSRQ987654321' }] };

  it('loads events.js once per pixel, as ttq.load does', () => {
    tiktok.load(config, env);
    tiktok.load(config, env);
    expect(scriptSources()).toEqual([
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=CZYXWVUTSRQ987654321&lib=ttq',
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=CABCDEFGHIJ123456789&lib=ttq',
      '/assets/entry-client.js',
    ]);
    expect(Object.keys(w().ttq._i)).toEqual(['CABCDEFGHIJ123456789', 'CZYXWVUTSRQ987654321']);
  });

  it('sends page views and the standard events once each, CompletePayment with the event id', () => {
    tiktok.load(config, env);
    for (const event of Object.values(events)) tiktok.onEvent!(event, config);
    tiktok.onEvent!(events.Purchase, config);
    const sent = calls(w().ttq);
    expect(sent.map((c) => (c[0] === 'page' ? 'page' : c[1]))).toEqual([
      'page',
      'ViewContent',
      'AddToCart',
      'InitiateCheckout',
      'AddPaymentInfo',
      'CompletePayment',
    ]);
    expect(sent.at(-1)).toEqual([
      'track',
      'CompletePayment',
      {
        contents: [
          { content_id: '11', content_type: 'product', content_name: 'Linen shirt', quantity: 2, price: 49.9 },
          { content_id: '12', content_type: 'product', content_name: 'Canvas tote', quantity: 1, price: 12.5 },
        ],
        content_type: 'product',
        value: 112.3,
        currency: 'EUR',
      },
      { event_id: 'evt-5b1c' },
    ]);
  });
});

describe('Snapchat pixel', () => {
  const config = { pixelId: '6f0a3c1e-2b4d-4e8f-9a7b-1c2d3e4f5a6b' };
  const queue = () => calls(w().snaptr.queue);

  it('loads scevent.min.js once and inits the pixel once', () => {
    snapchat.load(config, env);
    snapchat.load(config, env);
    expect(scriptSources()).toEqual(['https://sc-static.net/scevent.min.js', '/assets/entry-client.js']);
    expect(queue()).toEqual([['init', config.pixelId, {}]]);
  });

  it('maps the events to Snap’s, PURCHASE with client_dedup_id, each once', () => {
    snapchat.load(config, env);
    for (const event of Object.values(events)) snapchat.onEvent!(event, config);
    snapchat.onEvent!(events.Purchase, config);
    const tracked = queue().filter((c) => c[0] === 'track');
    expect(tracked.map((c) => c[1])).toEqual([
      'PAGE_VIEW',
      'VIEW_CONTENT',
      'LIST_VIEW',
      'ADD_CART',
      'START_CHECKOUT',
      'ADD_BILLING',
      'PURCHASE',
    ]);
    expect(tracked.at(-1)?.[2]).toEqual({
      price: 112.3,
      currency: 'EUR',
      item_ids: ['11', '12'],
      number_items: 3,
      transaction_id: 'ORD-1001',
      client_dedup_id: 'evt-5b1c',
    });
  });
});
