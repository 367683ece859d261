import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { createI18nextTranslator } from '../../i18n/i18next-translator';
import { snapshotTranslator } from '../../i18n/translator';
import { cartLinkLabel } from './cart-label';

describe('cart link label', () => {
  it('names the count once translations can say it', () => {
    const { t } = createI18nextTranslator('en', en);
    expect(cartLinkLabel(t, null)).toBe(t('layout.cart'));
    expect(cartLinkLabel(t, 2)).toBe(t('layout.cartCount', { count: 2 }));
    expect(cartLinkLabel(t, 2)).toMatch(/2/);
  });

  it('is plainly "Cart" while the cart is empty', () => {
    const { t } = createI18nextTranslator('en', en);
    expect(cartLinkLabel(t, 0)).toBe('Cart');
  });

  it('keeps a name while the browser only has the server-rendered strings', () => {
    // The server rendered the link before the count was known: only "layout.cart" is in the snapshot.
    const { t } = snapshotTranslator('en', { 'layout.cart': 'Cart' }, () => {});
    expect(cartLinkLabel(t, 3)).toBe('Cart');
  });
});
