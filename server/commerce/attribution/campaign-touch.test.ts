// Reading a campaign visit's address: the spec's encoded path, a plain path or a whole address; values
// cleaned and bounded; an address without utm_* values is no campaign visit.
import { describe, expect, it } from 'vitest';
import { campaignTouch, cleanValue, MAX_PATH_LENGTH, MAX_VALUE_LENGTH, readFullUrl, UnreadableUrl } from './campaign-touch';

const spring = { source: 'newsletter', medium: 'email', campaign: 'spring', term: null, content: null, landingPath: '/' };

describe('campaignTouch', () => {
  it('reads the encoded current path the page sends (spec section 7)', () => {
    const path = '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring';
    expect(campaignTouch(encodeURIComponent(path))).toEqual(spring);
  });

  it('reads a plain path and a whole address alike, keeping only the path landed on', () => {
    expect(campaignTouch('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring')).toEqual(spring);
    expect(campaignTouch('https://shop.example/products/linen-shirt?utm_source=ads&color=blue')).toEqual({
      source: 'ads',
      medium: null,
      campaign: null,
      term: null,
      content: null,
      landingPath: '/products/linen-shirt',
    });
  });

  it('takes every one of the five parameters, and any one alone makes a campaign visit', () => {
    expect(campaignTouch('/c?utm_term=linen+shirt&utm_content=banner%20B')).toMatchObject({
      source: null,
      term: 'linen shirt',
      content: 'banner B',
      landingPath: '/c',
    });
    expect(campaignTouch('/?utm_campaign=spring')).toMatchObject({ campaign: 'spring' });
  });

  it('is no campaign visit without utm_* values: none, empty or blank ones, or other utm_ names', () => {
    expect(campaignTouch('/products/linen-shirt')).toBeNull();
    expect(campaignTouch(encodeURIComponent('/?color=blue'))).toBeNull();
    expect(campaignTouch('/?utm_source=&utm_medium=%20%20')).toBeNull();
    expect(campaignTouch('/?utm_id=123&utm_sauce=x')).toBeNull();
  });

  it('trims values, makes white space one space and takes control characters out', () => {
    expect(campaignTouch('/?utm_source=%20%20News%0Aletter%09&utm_campaign=a%00b')).toMatchObject({
      source: 'News letter',
      campaign: 'a b',
    });
  });

  it('bounds values and the landing path, never cutting a character in half', () => {
    const long = '😀'.repeat(MAX_VALUE_LENGTH + 50);
    const touch = campaignTouch(`/${'p'.repeat(MAX_PATH_LENGTH + 10)}?utm_source=${encodeURIComponent(long)}`)!;
    expect(Array.from(touch.source!)).toHaveLength(MAX_VALUE_LENGTH);
    expect(touch.source).toBe('😀'.repeat(MAX_VALUE_LENGTH));
    expect(touch.landingPath).toHaveLength(MAX_PATH_LENGTH);
  });

  it('reads a path that starts with // as a path of the shop, not as another host', () => {
    expect(campaignTouch('//evil.example/x?utm_source=a')).toMatchObject({ source: 'a', landingPath: '/evil.example/x' });
  });
});

describe('readFullUrl', () => {
  it('refuses what is not a path of the shop or an http(s) address', () => {
    for (const bad of ['javascript:alert(1)', 'utm_source=x', 'ftp://shop.example/?utm_source=x', '%E0%A4%A', '%2F%E0%A4%A'])
      expect(() => readFullUrl(bad), bad).toThrow(UnreadableUrl);
  });
});

describe('cleanValue', () => {
  it('is null for nothing, empty or blank', () => {
    expect(cleanValue(null)).toBeNull();
    expect(cleanValue('')).toBeNull();
    expect(cleanValue(' \t ')).toBeNull();
    expect(cleanValue(' Spring Sale ')).toBe('Spring Sale');
  });
});
