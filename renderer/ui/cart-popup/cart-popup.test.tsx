import { describe, expect, it, vi } from 'vitest';
import type { Cart } from '../../../schemas/generated/api';
import { renderInShop } from '../../../test-support/renderer/render-page';
import { addedLines, CartPopupContent } from './CartPopup';
import { cartPopupRequest, closeCartPopup, showCartPopup, subscribeCartPopup } from './cart-popup-store';
import { wrapFocusIndex } from './focus-trap';

const usd = (amount: number) => ({ amount, currencyCode: 'USD' });
const line = (id: number, skuId: number, title: string, quantity: number, options: { name: string; value: string }[] = []) => ({
  id,
  skuId,
  productId: id,
  handle: title.toLowerCase().replace(/ /g, '-'),
  title,
  options,
  image: { src: `/media/${skuId}.webp`, alt: '', width: 800, height: 800 },
  quantity,
  unitPrice: usd(2000),
  lineTotal: usd(2000 * quantity),
  available: true,
  discount: usd(0),
  maxQuantity: 99,
});
const cart = {
  lines: [
    line(1, 11, 'Linen Shirt', 3, [
      { name: 'Colour', value: 'Sand' },
      { name: 'Size', value: 'M' },
    ]),
    line(2, 21, 'Wool Beanie', 1),
  ],
  quantity: 4,
  subtotal: usd(8000),
} as unknown as Cart;

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the small-cart popup', () => {
  it('shows what was just added (picture, title, options, quantity added), the cart count and subtotal', async () => {
    const html = await renderInShop(
      <CartPopupContent cart={cart} failure={null} request={{ items: [{ skuId: 11, quantity: 2 }] }} onClose={() => {}} />,
    );
    const page = text(html);
    expect(page).toContain('Added to your cart');
    expect(page).toContain('Linen Shirt Colour: Sand · Size: M Quantity: 2');
    expect(page).not.toContain('Wool Beanie');
    expect(html).toContain('src="/media/11.webp?w=200"');
    expect(page).toContain('Items in your cart 4');
    expect(page).toContain('Subtotal $80.00');
    expect(html).toMatch(/<h2 id="cart-popup-title">Added to your cart<\/h2>/);
    expect(html).toContain('aria-label="Close"');
    expect(html.match(/href="\/cart"/g)).toHaveLength(2);
    expect(page).toContain('View cart');
    expect(page).toContain('Check out');
  });

  it('shows every line of a bundle added at once, in the order added', () => {
    expect(
      addedLines(cart, [
        { skuId: 21, quantity: 1 },
        { skuId: 11, quantity: 1 },
        { skuId: 99, quantity: 1 },
      ]).map((l) => l.line.title),
    ).toEqual(['Wool Beanie', 'Linen Shirt']);
  });

  it('says why when the cart cannot be read, and shows a loading state before', async () => {
    const failed = await renderInShop(
      <CartPopupContent cart={null} failure="Network error" request={{ items: [] }} onClose={() => {}} />,
    );
    expect(failed).toContain('<p role="alert">Network error</p>');
    const loading = await renderInShop(
      <CartPopupContent cart={null} failure={null} request={{ items: [] }} onClose={() => {}} />,
    );
    expect(loading).toContain('class="loading" role="status"');
  });

  it('opens anew on every add and closes once', () => {
    const listener = vi.fn();
    const stop = subscribeCartPopup(listener);
    showCartPopup([{ skuId: 1, quantity: 1 }], () => 'Added', null);
    const first = cartPopupRequest()!.id;
    showCartPopup([{ skuId: 1, quantity: 1 }], () => 'Added', null);
    expect(cartPopupRequest()!.id).not.toBe(first);
    closeCartPopup();
    closeCartPopup();
    expect(cartPopupRequest()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
  });

  it('keeps Tab inside: past the last control to the first, and back', () => {
    expect(wrapFocusIndex(3, 2, false)).toBe(0);
    expect(wrapFocusIndex(3, 0, true)).toBe(2);
    expect(wrapFocusIndex(3, 1, false)).toBeNull();
    expect(wrapFocusIndex(3, -1, false)).toBe(0);
    expect(wrapFocusIndex(3, -1, true)).toBe(2);
    expect(wrapFocusIndex(0, -1, false)).toBeNull();
  });
});
