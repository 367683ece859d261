// @vitest-environment happy-dom
// The analytics and widget integrations: statcounter, the heat map, the chat plugin, email marketing,
// cart recovery and the merchant's own code: each script once, page views not counted twice.
import { beforeEach, describe, expect, it } from 'vitest';
import { blankPage, calls, env, scriptSources, shopEvents } from '../../test-support/renderer/integrations';
import cartRecovery from './cartRecovery';
import customJs from './customJs';
import emailMarketing from './emailMarketing';
import heatMap from './heatMap';
import messenger from './messenger';
import statcounter from './statcounter';

const w = () => window as unknown as Record<string, any>;
let events: ReturnType<typeof shopEvents>;
beforeEach(() => {
  blankPage();
  events = shopEvents();
  history.replaceState(null, '', '/collections/summer');
});

describe('statcounter', () => {
  const config = { project: '12345678', security: 'abcdef12' };

  it('sets the install code’s globals and loads counter.js once', () => {
    statcounter.load(config, env);
    statcounter.load(config, env);
    expect(scriptSources()).toEqual(['https://www.statcounter.com/counter/counter.js', '/assets/entry-client.js']);
    expect([w().sc_project, w().sc_invisible, w().sc_security]).toEqual([12345678, 1, 'abcdef12']);
  });

  it('does not count the page counter.js counted, and records each later page view once', () => {
    let recorded = 0;
    statcounter.load(config, env);
    w()._statcounter = { record_pageview: () => recorded++ };
    statcounter.onEvent!(events.PageView, config);
    expect(recorded).toBe(0);
    const next = { name: 'PageView' as const, path: '/products/linen-shirt', title: 'Linen shirt' };
    statcounter.onEvent!(next, config);
    statcounter.onEvent!(next, config);
    expect(recorded).toBe(1);
  });
});

describe('heat map (Hotjar)', () => {
  it('loads hotjar-<id>.js once with _hjSettings, and tells later route changes', () => {
    const config = { accountId: '1234567' };
    heatMap.load(config, env);
    heatMap.load(config, env);
    expect(scriptSources()).toEqual(['https://static.hotjar.com/c/hotjar-1234567.js?sv=6', '/assets/entry-client.js']);
    expect(w()._hjSettings).toEqual({ hjid: 1234567, hjsv: 6 });
    heatMap.onEvent!(events.PageView, config);
    heatMap.onEvent!({ name: 'PageView', path: '/cart', title: 'Cart' }, config);
    heatMap.onEvent!(events.Purchase, config);
    expect(calls(w().hj.q)).toEqual([
      ['stateChange', '/cart'],
      ['event', 'purchase'],
    ]);
  });
});

describe('messenger chat plugin', () => {
  it('adds the chat element with the page id and the SDK in the visitor’s language, once', () => {
    const config = { appId: '1234567890', pageId: '987654321' };
    messenger.load(config, env);
    messenger.load(config, env);
    expect(scriptSources()).toEqual(['https://connect.facebook.net/de_DE/sdk/xfbml.customerchat.js', '/assets/entry-client.js']);
    const chat = document.querySelectorAll('.fb-customerchat');
    expect(chat).toHaveLength(1);
    expect([chat[0]!.getAttribute('page_id'), chat[0]!.getAttribute('attribution')]).toEqual(['987654321', 'biz_inbox']);
    expect(document.getElementById('fb-root')).not.toBeNull();
    let init: unknown;
    w().FB = { init: (options: unknown) => (init = options) };
    w().fbAsyncInit();
    expect(init).toEqual({ appId: '1234567890', xfbml: true, version: 'v18.0' });
  });
});

describe('email marketing (Klaviyo)', () => {
  it('loads klaviyo.js with the company id once, and queues its ecommerce events', () => {
    const config = { accountId: 'AbC123' };
    emailMarketing.load(config, env);
    emailMarketing.load(config, env);
    expect(scriptSources()).toEqual([
      'https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123',
      '/assets/entry-client.js',
    ]);
    for (const event of Object.values(events)) emailMarketing.onEvent!(event, config);
    emailMarketing.onEvent!(events.AddToCart, config);
    const tracked = calls(w()._klOnsite);
    expect(tracked.map((c) => c[1])).toEqual(['Viewed Product', 'Added to Cart', 'Started Checkout']);
    expect(tracked[1]![2]).toMatchObject({ $value: 112.3, AddedItemProductID: '11', AddedItemPrice: 49.9, AddedItemQuantity: 2 });
  });
});

describe('cart recovery', () => {
  it('loads the vendor’s widget once with the app id, and allows the widget’s origin', () => {
    const config = { appId: 'shop-42', scriptUrl: 'https://widget.recover.example/v2/widget.js' };
    cartRecovery.load(config, env);
    cartRecovery.load(config, env);
    expect(scriptSources()).toEqual(['https://widget.recover.example/v2/widget.js', '/assets/entry-client.js']);
    expect(document.querySelector('script[data-app-id]')?.getAttribute('data-app-id')).toBe('shop-42');
    expect(cartRecovery.origins(config).script).toEqual(['https://widget.recover.example']);
  });
});

describe('custom JS', () => {
  it('adds the merchant’s code as one script element, once', () => {
    const config = { js: 'window.customJsRan = (window.customJsRan || 0) + 1;', origins: ['https://cdn.merchant.example'] };
    customJs.load(config, env);
    customJs.load(config, env);
    const scripts = document.querySelectorAll('script[data-vitrine-integration="customJs"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.textContent).toBe(config.js);
    expect(customJs.origins(config)).toEqual({ script: config.origins, connect: config.origins, img: config.origins });
  });
});
