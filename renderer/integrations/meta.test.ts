// @vitest-environment happy-dom
// The Meta pixel (codes pixel and independentPixel): Meta's base code once, one init per pixel, and each
// shop event as one call per pixel, the purchase with the server's event id.
import { beforeEach, describe, expect, it } from 'vitest';
import { blankPage, calls, env, scriptSources, shopEvents } from '../../test-support/renderer/integrations';
import independentPixel from './independentPixel';
import pixel from './pixel';

const fbqCalls = () => calls((window as unknown as { fbq: { queue: unknown[] } }).fbq.queue);
const config = { pixelNumber: ['1234567890123456', '6543210987654321'] };

describe('Meta pixel', () => {
  let events: ReturnType<typeof shopEvents>;
  beforeEach(() => {
    blankPage();
    events = shopEvents();
  });

  it('loads fbevents.js once, before the first script, and inits each pixel once', () => {
    pixel.load(config, env);
    pixel.load(config, env);
    expect(scriptSources()).toEqual(['https://connect.facebook.net/en_US/fbevents.js', '/assets/entry-client.js']);
    expect(fbqCalls()).toEqual([
      ['consent', 'grant'],
      ['init', '1234567890123456'],
      ['init', '6543210987654321'],
    ]);
    expect(window.fbq).toBe((window as unknown as { _fbq: unknown })._fbq);
  });

  it('sends the purchase to each pixel once, with value in major units and the server’s event id', () => {
    pixel.load(config, env);
    pixel.onEvent!(events.Purchase, config);
    pixel.onEvent!(events.Purchase, config);
    const purchases = fbqCalls().filter((c) => c[2] === 'Purchase');
    expect(purchases).toEqual(
      config.pixelNumber.map((id) => [
        'trackSingle',
        id,
        'Purchase',
        {
          content_ids: ['11', '12'],
          content_type: 'product',
          contents: [
            { id: '11', quantity: 2, item_price: 49.9 },
            { id: '12', quantity: 1, item_price: 12.5 },
          ],
          currency: 'EUR',
          value: 112.3,
          num_items: 3,
          order_id: 'ORD-1001',
        },
        { eventID: 'evt-5b1c' },
      ]),
    );
  });

  it('sends standard events with track, the spec’s own with trackCustom, and no funnel steps', () => {
    const one = { pixelNumber: ['1234567890123456'] };
    pixel.load(one, env);
    for (const event of Object.values(events)) pixel.onEvent!(event, one);
    const sent = fbqCalls()
      .filter((c) => String(c[0]).startsWith('trackSingle'))
      .map((c) => `${String(c[0])} ${String(c[2])}`);
    expect(sent).toEqual([
      'trackSingle PageView',
      'trackSingle ViewContent',
      'trackSingleCustom ViewCategory',
      'trackSingle AddToCart',
      'trackSingleCustom ViewCart',
      'trackSingle InitiateCheckout',
      'trackSingleCustom AddContactInfo',
      'trackSingleCustom AddShipppingInfo',
      'trackSingle AddPaymentInfo',
      'trackSingle Purchase',
      'trackSingleCustom UpsellYes',
      'trackSingleCustom UpsellNo',
    ]);
    const category = fbqCalls().find((c) => c[2] === 'ViewCategory');
    expect(category?.[3]).toEqual({ content_category: 'Summer', collection: 'summer' });
  });

  it('an independent pixel loads from the merchant’s host, and allows only that host', () => {
    const own = { pixelNumber: ['1111111111111111'], independentPixelHOST: 'https://px.shop.example' };
    independentPixel.load(own, env);
    independentPixel.load(own, env);
    expect(scriptSources()).toEqual(['https://px.shop.example/en_US/fbevents.js', '/assets/entry-client.js']);
    expect(independentPixel.origins(own)).toEqual({
      script: ['https://px.shop.example'],
      connect: ['https://px.shop.example'],
      img: ['https://px.shop.example'],
    });
  });

  it('with the pixel list on too, each sends to its own pixels only, once', () => {
    const own = { pixelNumber: ['1111111111111111'], independentPixelHOST: 'https://px.shop.example' };
    pixel.load(config, env);
    independentPixel.load(own, env);
    pixel.onEvent!(events.AddToCart, config);
    independentPixel.onEvent!(events.AddToCart, own);
    const targets = fbqCalls()
      .filter((c) => c[2] === 'AddToCart')
      .map((c) => c[1]);
    expect(targets).toEqual([...config.pixelNumber, '1111111111111111']);
    expect(fbqCalls().filter((c) => c[0] === 'init')).toHaveLength(3);
  });
});

declare global {
  interface Window {
    fbq?: unknown;
  }
}
