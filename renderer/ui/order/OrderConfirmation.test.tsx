import { describe, expect, it } from 'vitest';
import type { Order } from '../../../schemas/generated/api';
import { renderInShop } from '../../../test-support/renderer/render-page';
import { orderDate } from './dated';
import { ORDER_TOKEN, placedOrder } from '../../../test-support/renderer/order-fixture';
import { OrderConfirmation } from './OrderConfirmation';
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES } from './order-words';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/− /g, '−');

async function render(order: Order = placedOrder, locale = 'en', missingKeys: string[] = []) {
  const status = {
    number: order.number,
    status: order.status,
    fulfillmentStatus: order.fulfillmentStatus,
    payment: null,
    checkoutToken: null,
    addressConfirmBy: null,
    expiresAt: order.expiresAt,
  };
  return renderInShop(<OrderConfirmation order={order} placedOn={orderDate(order, locale)} status={status} />, {
    locale,
    missingKeys,
  });
}

describe('the thank-you page', () => {
  it('greets the buyer, shows the order number, date and both statuses in words', async () => {
    const page = text(await render());
    expect(page).toContain('Thank you, Ada!');
    expect(page).toContain('Order VG-10042');
    expect(page).toContain('Placed on Nov 2, 2026');
    expect(page).toContain('Payment Paid');
    expect(page).toContain('Delivery Being prepared');
    expect(page).not.toContain('waiting for your payment');
  });

  it.each(PAYMENT_STATUSES)('words the payment status %s', async (status) => {
    const page = text(await render({ ...placedOrder, status }));
    expect(page).not.toMatch(/order\.payment\./);
    expect(page).toMatch(/Payment (Awaiting payment|Paid|Expired \(not paid in time\)|Refunded|Canceled)/);
    if (status === 'pending') expect(page).toContain('We are waiting for your payment to be confirmed');
  });

  it('gives every status its own words, in every language tested', async () => {
    for (const locale of ['en', 'fr']) {
      const payment = new Set<string>();
      for (const status of PAYMENT_STATUSES) {
        const missing: string[] = [];
        const html = await render({ ...placedOrder, status }, locale, missing);
        expect(missing).toEqual([]);
        payment.add(/order__badge--\w+">([^<]+)</.exec(html)![1]!);
      }
      expect(payment.size).toBe(PAYMENT_STATUSES.length);
      const fulfillment = new Set<string>();
      for (const fulfillmentStatus of FULFILLMENT_STATUSES) {
        const html = await render({ ...placedOrder, fulfillmentStatus }, locale);
        fulfillment.add([...html.matchAll(/class="order__badge">([^<]+)</g)][0]![1]!);
      }
      expect(fulfillment.size).toBe(FULFILLMENT_STATUSES.length);
    }
  });

  it('shows the customer, both addresses, the shipping method and how it was paid', async () => {
    const page = text(await render());
    expect(page).toContain('Customer information');
    expect(page).toContain('ada@example.com');
    expect(page).toContain(
      'Shipping address Ada Lovelace 12 Hudson Street Apt 4 New York, NY 10013 United States +1 212 555 0100',
    );
    expect(page).toContain('Billing address Charles Babbage 1 Dorset Street London W1U 4EG United Kingdom');
    expect(page).toContain('Shipping method Standard (3–5 days)');
    expect(page).toContain('Payment method Credit card · Visa ending in 4242');
  });

  it('lists each line with its image, options, quantity and total, then every amount of the order', async () => {
    const html = await render();
    expect(html).toContain('src="/media/linen-shirt-sand.webp?w=200"');
    const page = text(html);
    expect(page).toContain('Linen Shirt Colour: Sand · Size: M Quantity: 2 $118.00');
    expect(page).toContain('Wool Beanie Quantity: 1 $24.00');
    expect(page).toContain('Subtotal $142.00');
    expect(page).toContain('Promotion −$14.20');
    expect(page).toContain('Discount −$10.00');
    expect(page).toContain('Shipping $6.95');
    expect(page).toContain('Shipping insurance $3.53');
    expect(page).toContain('Tip $2.00');
    expect(page).toContain('Total $130.28');
  });

  it('leaves out the amounts that are not part of the order and says shipping was free', async () => {
    const zero = { amount: 0, currencyCode: 'USD' };
    const totals = {
      ...placedOrder.totals,
      totalPromotion: zero,
      totalCoupon: zero,
      totalShippingPrice: zero,
      shippingInsurancePrice: zero,
      tipPrice: zero,
    };
    const page = text(await render({ ...placedOrder, totals }));
    expect(page).toContain('Shipping Free');
    for (const label of ['Promotion', 'Discount', 'Shipping insurance', 'Tip']) expect(page).not.toContain(`${label} `);
  });

  it('links to the tracking of this order and back to the shop', async () => {
    const html = await render();
    expect(html).toContain(`href="/track/${ORDER_TOKEN}"`);
    expect(text(html)).toContain('Track your order');
    expect(html).toContain('href="/collections/all"');
  });

  it('shows upsell orders in a part of their own, only when there are some', async () => {
    expect(await render()).not.toContain('Added to your order');
    const upsell: Order = { ...placedOrder, number: 'VG-10043', token: 'a'.repeat(32), lines: [placedOrder.lines[1]!] };
    const page = text(await render({ ...placedOrder, upsellOrders: [upsell] }));
    expect(page).toContain('Added to your order Order VG-10043 Wool Beanie');
  });

  it('greets without a name when the buyer gave none, and reads in French', async () => {
    expect(text(await render({ ...placedOrder, shippingAddress: null, billingAddress: null }))).toContain(
      'Thank you for your order!',
    );
    const missing: string[] = [];
    const page = text(await render(placedOrder, 'fr', missing));
    expect(missing).toEqual([]);
    expect(page).toContain('Merci, Ada !');
    expect(page).toContain('Commande VG-10042');
    expect(page).toContain('Passée le 2 nov. 2026');
    expect(page).toContain('États-Unis');
  });
});
