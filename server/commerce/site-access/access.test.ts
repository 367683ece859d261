// The mode × route table (spec sections 2 and 4), walked whole: every mode and gate against pages and API
// calls of the shop and of funnels, the exemptions, the merchant, signed previews and stale cookies.
import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessRequest, type AccessSettings, type SiteModeState } from './access';
import { gateCookieValue } from './gate-cookie';
import { guardedPath, safeReturnPath } from './route-kinds';

const settings = (mode: SiteModeState, gate: Partial<AccessSettings['gate']> = {}): AccessSettings => ({
  mode,
  gate: { on: false, store: '', funnel: '', ...gate },
});
const page = (path: string, more: Partial<AccessRequest> = {}): AccessRequest => ({
  kind: 'page',
  path,
  merchant: false,
  signedPreview: false,
  cookies: {},
  ...more,
});
const call = (path: string, more: Partial<AccessRequest> = {}): AccessRequest => ({ ...page(path, more), kind: 'api' });
const kind = (s: AccessSettings, r: AccessRequest) => decideAccess(s, r).kind;

const SHOP_PAGES = ['/', '/products/linen-shirt', '/collections/all', '/cart', '/checkout/abc', '/account/login', '/search'];
const FUNNEL_PAGES = ['/funnel/summer-linen', '/funnel/404'];
const EXEMPT_PAGES = [
  '/password/store',
  '/password',
  '/payment/information',
  '/payment/pending',
  '/account/reset',
  '/account/activate',
];
const SHOP_CALLS = ['/products', '/shopping-carts', '/multicurrency/general/checkout', '/site', '/menu/list'];
const FUNNEL_CALLS = ['/multicurrency/funnel/summer-linen', '/funnel/skus/detail', '/multicurrency/funnel-buy'];
const EXEMPT_CALLS = ['/site/password', '/customer-subscribe', '/paymentStrategy/confirm', '/customer/user/forgetPassword'];
const EVERY_MODE_CALLS = ['/payment-providers/test-bank/webhook', '/csp-report', '/openapi.json'];

const store = 'launch-day';
const funnel = 'funnel-only';
const both = settings('live', { on: true, store, funnel });

describe('the guard table', () => {
  it('strips the handle before it compares paths (spec section 2)', () => {
    expect(guardedPath('/products/linen-shirt')).toBe('/products');
    expect(guardedPath('/collections/summer/products/x')).toBe('/collections');
    expect(guardedPath('/payment/information')).toBe('/payment');
    expect(guardedPath('/account/login/')).toBe('/account/login');
    expect(guardedPath('/')).toBe('/');
  });

  it('a live shop without a gate serves everything and sends the mode pages home', () => {
    const live = settings('live');
    for (const path of [...SHOP_PAGES, ...FUNNEL_PAGES, ...EXEMPT_PAGES]) expect(kind(live, page(path))).toBe('serve');
    for (const path of [...SHOP_CALLS, ...FUNNEL_CALLS, ...EXEMPT_CALLS, ...EVERY_MODE_CALLS])
      expect(kind(live, call(path))).toBe('serve');
    expect(kind(live, page('/maintenance'))).toBe('home');
    expect(kind(live, page('/closed'))).toBe('home');
  });

  it.each<SiteModeState>(['maintenance', 'closed'])('%s: every page and call but the exemptions meets the mode', (mode) => {
    const s = settings(mode, { on: true, store });
    for (const path of [...SHOP_PAGES, ...FUNNEL_PAGES, ...EXEMPT_PAGES]) expect(kind(s, page(path))).toBe(mode);
    for (const path of [...SHOP_CALLS, ...FUNNEL_CALLS, ...EXEMPT_CALLS]) expect(kind(s, call(path))).toBe(mode);
    // A gate's cookie does not open a shop in maintenance or closed.
    expect(kind(s, page('/', { cookies: { store: gateCookieValue(store) } }))).toBe(mode);
    for (const path of EVERY_MODE_CALLS) expect(kind(s, call(path))).toBe('serve');
    expect(kind(s, page(`/${mode}`))).toBe('serve');
    expect(kind(s, page(`/${mode === 'closed' ? 'maintenance' : 'closed'}`))).toBe('home');
  });

  it.each<SiteModeState>(['maintenance', 'closed', 'live'])('%s: the merchant sees the real shop', (mode) => {
    const s = settings(mode, { on: true, store, funnel });
    for (const path of [...SHOP_PAGES, ...FUNNEL_PAGES]) expect(kind(s, page(path, { merchant: true }))).toBe('serve');
    for (const path of [...SHOP_CALLS, ...FUNNEL_CALLS]) expect(kind(s, call(path, { merchant: true }))).toBe('serve');
  });

  it('the password gate sends shop pages to the store gate and funnel pages to the funnel gate', () => {
    for (const path of SHOP_PAGES)
      expect(decideAccess(both, page(path))).toEqual({ kind: 'password', gate: 'store', staleCookies: [] });
    for (const path of FUNNEL_PAGES)
      expect(decideAccess(both, page(path))).toEqual({ kind: 'password', gate: 'funnel', staleCookies: [] });
    for (const path of EXEMPT_PAGES) expect(kind(both, page(path))).toBe('serve');
    for (const path of [...SHOP_CALLS, ...FUNNEL_CALLS]) expect(kind(both, call(path))).toBe('password');
    for (const path of [...EXEMPT_CALLS, ...EVERY_MODE_CALLS]) expect(kind(both, call(path))).toBe('serve');
  });

  it('a matching cookie passes its own gate only; calls pass with either', () => {
    const storeCookie = { store: gateCookieValue(store) };
    const funnelCookie = { funnel: gateCookieValue(funnel) };
    for (const path of SHOP_PAGES) {
      expect(kind(both, page(path, { cookies: storeCookie }))).toBe('serve');
      expect(kind(both, page(path, { cookies: funnelCookie }))).toBe('password');
    }
    for (const path of FUNNEL_PAGES) {
      expect(kind(both, page(path, { cookies: funnelCookie }))).toBe('serve');
      expect(kind(both, page(path, { cookies: storeCookie }))).toBe('password');
    }
    for (const path of [...SHOP_CALLS, ...FUNNEL_CALLS]) {
      expect(kind(both, call(path, { cookies: storeCookie }))).toBe('serve');
      expect(kind(both, call(path, { cookies: funnelCookie }))).toBe('serve');
    }
  });

  it('the cookie must be the base64 of the password (spec section 5); a stale one is named for removal', () => {
    expect(kind(both, page('/', { cookies: { store } }))).toBe('password');
    const stale = gateCookieValue('last-week');
    expect(decideAccess(both, page('/', { cookies: { store: stale } }))).toEqual({
      kind: 'password',
      gate: 'store',
      staleCookies: ['store'],
    });
    expect(decideAccess(both, page('/password/store', { cookies: { store: stale } }))).toEqual({
      kind: 'serve',
      staleCookies: ['store'],
    });
  });

  it('a gate is on only with passwordProtect ON and its password set', () => {
    expect(kind(settings('live', { on: false, store, funnel }), page('/'))).toBe('serve');
    const storeOnly = settings('live', { on: true, store });
    expect(kind(storeOnly, page('/'))).toBe('password');
    expect(kind(storeOnly, page('/funnel/summer-linen'))).toBe('serve');
    expect(kind(storeOnly, call('/funnel/skus/detail'))).toBe('serve');
    const funnelOnly = settings('live', { on: true, funnel });
    expect(kind(funnelOnly, page('/'))).toBe('serve');
    expect(kind(funnelOnly, page('/funnel/summer-linen'))).toBe('password');
    expect(kind(funnelOnly, call('/products'))).toBe('serve');
  });

  it("a page's signed preview passes the password gate but not a mode", () => {
    expect(kind(both, page('/pages/about', { signedPreview: true }))).toBe('serve');
    expect(kind(settings('maintenance'), page('/pages/about', { signedPreview: true }))).toBe('maintenance');
  });

  it('sends a visitor back only to a path of this shop that is not a gate', () => {
    expect(safeReturnPath('/products/linen-shirt?size=m')).toBe('/products/linen-shirt?size=m');
    for (const bad of [
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/password/store',
      '/maintenance',
    ])
      expect(safeReturnPath(bad)).toBe('/');
  });
});
