import { describe, expect, it } from 'vitest';
import { isDrawableLink, isShopLink } from './shop-link';

describe('the shop link rule (schemas/shop-link.schema.json)', () => {
  it.each([
    '/',
    '/collections/hot-sale',
    '/collections/all?sort=price-asc&color=black#grid',
    '/pages/été',
    'https://example.com',
    'http://example.com/a?b=c',
    '#next',
    '#faq-2',
  ])('takes %j as a link', (href) => {
    expect(isShopLink(href)).toBe(true);
    expect(isDrawableLink(href)).toBe(true);
  });

  it.each([
    '',
    'collections/all',
    '//evil.example',
    '/\\evil.example',
    '/\\"><script>alert(1)</script>',
    '/"><script>',
    "/it's",
    '/a<b',
    '/a`b',
    '/a b',
    '/a\tb',
    '/a\u0007',
    '/a\u0085',
    '/a\u00a0b',
    '/a\u2028',
    'https://',
    'https:///x',
    'https:\\\\x',
    'HTTPS://example.com',
    'javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '#',
    '#1',
    '#a b',
  ])('refuses %j', (href) => {
    expect(isShopLink(href)).toBe(false);
    expect(isDrawableLink(href)).toBe(false);
  });

  it('draws contact addresses (rich text links them) without taking them as a setting’s link', () => {
    for (const href of ['mailto:hello@example.com', 'tel:+1-555-0100']) {
      expect(isShopLink(href)).toBe(false);
      expect(isDrawableLink(href)).toBe(true);
    }
    expect(isDrawableLink('mailto:"><script>')).toBe(false);
    expect(isDrawableLink(undefined)).toBe(false);
  });
});
