import { describe, expect, it } from 'vitest';
import type { CartGift, GiftOffer as GiftOfferValue } from '../../../schemas/generated/api';
import { renderInShop } from '../../../test-support/renderer/render-page';
import { GiftOffer } from './GiftOffer';

const usd = (amount: number) => ({ amount, currencyCode: 'USD' });
const choice = (skuId: number, colour: string, available: boolean) => ({
  skuId,
  productId: 11,
  handle: 'canvas-tote-bag',
  title: 'Canvas Tote Bag',
  options: [{ name: 'Colour', value: colour }],
  image: { src: `/media/canvas-tote-bag-${colour.toLowerCase()}.webp`, alt: '', width: 1200, height: 1200 },
  available,
});
const offer = (reached: boolean): GiftOfferValue => ({
  promotionId: 6,
  title: 'Free tote bag over $100',
  minSubtotal: usd(10000),
  reached,
  moreSpend: usd(reached ? 0 : 4100),
  choices: [choice(101, 'Natural', true), choice(102, 'Black', false)],
});
const gift: CartGift = { ...choice(101, 'Natural', true), price: usd(0), promotion: 'Free tote bag over $100' };
const noop = () => {};

describe('the free gift of the cart', () => {
  it('says how much more to spend while the cart does not reach it', async () => {
    const html = await renderInShop(<GiftOffer gift={null} offers={[offer(false)]} onPick={noop} onRemove={noop} />);
    expect(html).toContain('Spend $41.00 more to get a free gift (Free tote bag over $100)');
    expect(html).not.toContain('type="radio"');
  });

  it('offers the choices as radio cards once reached; a sold-out one cannot be picked', async () => {
    const html = await renderInShop(<GiftOffer gift={null} offers={[offer(true)]} onPick={noop} onRemove={noop} />);
    expect(html).toContain('<legend>Choose your free gift</legend>');
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g)!;
    expect(radios).toHaveLength(2);
    expect(radios[0]).toContain('checked');
    expect(radios[1]).toContain('disabled');
    expect(html).toContain('Sold out');
    expect(html).toContain('Colour: Natural');
    expect(html).toMatch(/<button type="submit"[^>]*>Add my free gift<\/button>/);
    // Each choice is named by its label: the radio sits inside it.
    expect(html).toMatch(/<label class="cart__gift-choice"><input/);
  });

  it('shows the chosen gift as a free line with a remove button named for it', async () => {
    const html = await renderInShop(<GiftOffer gift={gift} offers={[offer(true)]} onPick={noop} onRemove={noop} />);
    expect(html).toContain('Free gift');
    expect(html).toContain('>Free</span>');
    expect(html).toContain('aria-label="Remove the free gift Canvas Tote Bag from your cart"');
    expect(html).not.toContain('Choose your free gift');
  });

  it('speaks the shopper’s language', async () => {
    const missingKeys: string[] = [];
    const html = await renderInShop(<GiftOffer gift={null} offers={[offer(true)]} onPick={noop} onRemove={noop} />, {
      locale: 'fr',
      missingKeys,
    });
    expect(html).toContain('Choisissez votre cadeau offert');
    expect(missingKeys).toEqual([]);
  });

  it('shows nothing when no gift is on offer', async () => {
    expect(await renderInShop(<GiftOffer gift={null} offers={[]} onPick={noop} onRemove={noop} />)).not.toContain('cart__gifts');
  });
});
