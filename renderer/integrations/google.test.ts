// @vitest-environment happy-dom
// Google's tags: GA4 and the Ads tags through one gtag.js, Universal Analytics' analytics.js, and the tag
// manager's container with the ecommerce events in the dataLayer.
import { beforeEach, describe, expect, it } from 'vitest';
import { blankPage, calls, env, scriptSources, shopEvents } from '../../test-support/renderer/integrations';
import googleAnalytics from './googleAnalytics';
import googleAnalytics4 from './googleAnalytics4';
import googlead from './googlead';
import tagManager from './tagManager';

const w = () => window as unknown as Record<string, any>;
const dataLayer = () => w().dataLayer as unknown[];
/** The gtag commands in the dataLayer (Arguments objects), as arrays. */
const gtagCalls = () => calls(dataLayer().filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]'));
const ga4 = { enable: true, id: 'G-TEST123456' };
const ads = { googlead: [{ googleAccount: 'AW-123456789', conversionLabel: 'AbC-dEf_1' }, { googleAccount: 'AW-987654321' }] };
const gtm = { enable: true, key: 'GTM-ABC1234' };

let events: ReturnType<typeof shopEvents>;
beforeEach(() => {
  blankPage();
  events = shopEvents();
});

describe('Google Analytics 4', () => {
  it('loads gtag.js once and configures the id without its own page view', () => {
    googleAnalytics4.load(ga4, env);
    googleAnalytics4.load(ga4, env);
    expect(scriptSources()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123456', '/assets/entry-client.js']);
    expect(gtagCalls().map((c) => c[0])).toEqual(['js', 'config']);
    expect(gtagCalls()[1]).toEqual(['config', 'G-TEST123456', { send_page_view: false }]);
  });

  it('keeps a gtag the consent code defined before it (Consent Mode defaults stay first)', () => {
    w().dataLayer = [];
    w().gtag = function gtag() {
      w().dataLayer.push(arguments);
    };
    const own = w().gtag;
    w().gtag('consent', 'default', { analytics_storage: 'denied' });
    googleAnalytics4.load(ga4, env);
    expect(w().gtag).toBe(own);
    expect(gtagCalls().map((c) => c[0])).toEqual(['consent', 'js', 'config']);
  });

  it('maps the shop’s events to GA4’s, in major units, each once, to this id', () => {
    googleAnalytics4.load(ga4, env);
    for (const event of Object.values(events)) googleAnalytics4.onEvent!(event, ga4);
    googleAnalytics4.onEvent!(events.Purchase, ga4);
    const sent = gtagCalls().filter((c) => c[0] === 'event');
    expect(sent.map((c) => c[1])).toEqual([
      'page_view',
      'view_item',
      'view_item_list',
      'add_to_cart',
      'view_cart',
      'begin_checkout',
      'add_contact_info',
      'add_shipping_info',
      'add_payment_info',
      'purchase',
      'upsell_yes',
      'upsell_no',
      'funnel_step',
    ]);
    expect(sent.every((c) => (c[2] as { send_to: string }).send_to === 'G-TEST123456')).toBe(true);
    expect(sent.find((c) => c[1] === 'purchase')?.[2]).toEqual({
      currency: 'EUR',
      value: 112.3,
      transaction_id: 'ORD-1001',
      items: [
        { item_id: '11', item_name: 'Linen shirt', item_variant: '111', price: 49.9, quantity: 2 },
        { item_id: '12', item_name: 'Canvas tote', price: 12.5, quantity: 1 },
      ],
      send_to: 'G-TEST123456',
    });
    expect(sent.find((c) => c[1] === 'add_payment_info')?.[2]).toMatchObject({ payment_type: 'card' });
    expect(sent.find((c) => c[1] === 'page_view')?.[2]).toMatchObject({ page_title: 'Summer' });
  });

  it('a currency without decimals is not divided', () => {
    googleAnalytics4.load(ga4, env);
    googleAnalytics4.onEvent!({ name: 'AddToCart', currency: 'JPY', value: 1134, items: [] }, ga4);
    expect(gtagCalls().at(-1)?.[2]).toMatchObject({ currency: 'JPY', value: 1134 });
  });

  it('loads nothing when its config is not enabled', () => {
    googleAnalytics4.load({ ...ga4, enable: false }, env);
    expect(scriptSources()).toEqual(['/assets/entry-client.js']);
  });
});

describe('Google Ads tags', () => {
  it('shares gtag.js with GA4 and configures each account once', () => {
    googleAnalytics4.load(ga4, env);
    googlead.load(ads, env);
    googlead.load(ads, env);
    expect(scriptSources().filter((src) => src.includes('gtag/js'))).toHaveLength(1);
    expect(
      gtagCalls()
        .filter((c) => c[0] === 'config')
        .map((c) => c[1]),
    ).toEqual(['G-TEST123456', 'AW-123456789', 'AW-987654321']);
  });

  it('sends the purchase conversion to the account with a label, with the order as transaction id', () => {
    googlead.load(ads, env);
    googlead.onEvent!(events.Purchase, ads);
    googlead.onEvent!(events.Purchase, ads);
    googlead.onEvent!(events.AddToCart, ads);
    const conversions = gtagCalls().filter((c) => c[1] === 'conversion');
    expect(conversions).toEqual([
      ['event', 'conversion', { send_to: 'AW-123456789/AbC-dEf_1', value: 112.3, currency: 'EUR', transaction_id: 'ORD-1001' }],
    ]);
    expect(gtagCalls().filter((c) => c[0] === 'event')).toHaveLength(1);
  });
});

describe('Universal Analytics', () => {
  it('loads analytics.js once with ga create, sends page views and the purchase as a transaction', () => {
    const ua = { enable: true, id: 'UA-12345678-1' };
    googleAnalytics.load(ua, env);
    googleAnalytics.load(ua, env);
    expect(scriptSources()).toEqual(['https://www.google-analytics.com/analytics.js', '/assets/entry-client.js']);
    googleAnalytics.onEvent!(events.PageView, ua);
    googleAnalytics.onEvent!(events.Purchase, ua);
    googleAnalytics.onEvent!(events.Purchase, ua);
    const q = calls(w().ga.q);
    expect(q.map((c) => c[0])).toEqual([
      'create',
      'set',
      'send',
      'require',
      'ecommerce:addTransaction',
      'ecommerce:addItem',
      'ecommerce:addItem',
      'ecommerce:send',
    ]);
    expect(q[0]).toEqual(['create', 'UA-12345678-1', 'auto']);
    expect(q[4]).toEqual(['ecommerce:addTransaction', { id: 'ORD-1001', revenue: '112.3', currency: 'EUR' }]);
  });
});

describe('Google Tag Manager', () => {
  it('loads the container once, after gtm.start', () => {
    tagManager.load(gtm, env);
    tagManager.load(gtm, env);
    expect(scriptSources()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234', '/assets/entry-client.js']);
    expect(dataLayer()).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });

  it('pushes the events in GA4’s ecommerce shape, each after clearing the last ecommerce object', () => {
    tagManager.load(gtm, env);
    tagManager.onEvent!(events.PageView, gtm);
    tagManager.onEvent!(events.Purchase, gtm);
    tagManager.onEvent!(events.Purchase, gtm);
    tagManager.onEvent!(events.ViewCategory, gtm);
    expect(dataLayer().slice(1)).toEqual([
      { event: 'page_view', page_path: '/collections/summer', page_title: 'Summer' },
      { ecommerce: null },
      {
        event: 'purchase',
        ecommerce: {
          currency: 'EUR',
          value: 112.3,
          transaction_id: 'ORD-1001',
          items: [
            { item_id: '11', item_name: 'Linen shirt', item_variant: '111', price: 49.9, quantity: 2 },
            { item_id: '12', item_name: 'Canvas tote', price: 12.5, quantity: 1 },
          ],
        },
      },
      { event: 'view_item_list', item_list_id: 'summer', item_list_name: 'Summer' },
    ]);
  });
});
