// The pages where the shopper acts before the payment goes on, rendered as the server sends them, in
// English and French: what each asks, the order's own data in it, the countdown's place, the canceled
// order's "Order again", the missing fields of an incomplete address marked. And the countdown's words
// and announcement moments.
import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../../schemas/generated/api';
import type { PaymentActionData } from './action-data';
import { renderInShop } from '../../../test-support/renderer/render-page';
import { FR, US } from '../../../test-support/renderer/checkout-fixture';
import { ORDER_TOKEN, placedOrder } from '../../../test-support/renderer/order-fixture';
import { clockText, crossedMoment } from './countdown';
import { ConfirmAddress, ConfirmShipping, ReplenishAddress } from './PaymentActionPages';
import { addressErrorsOf } from './PaymentAddressForm';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const NOW = Date.parse('2026-11-23T12:00:00Z');
const waiting: Order = { ...placedOrder, status: 'pending', payment: null, expiresAt: '2026-11-23T12:15:00Z' };
const status = (overrides: Partial<OrderStatus> = {}): OrderStatus => ({
  number: waiting.number,
  status: 'pending',
  fulfillmentStatus: 'unfulfilled',
  payment: { method: 'card', status: 'action', action: 'confirmAddress', next: `/payment/confirmAddress?order=${ORDER_TOKEN}` },
  checkoutToken: null,
  addressConfirmBy: '2026-11-23T12:15:00Z',
  expiresAt: '2026-11-23T12:15:00Z',
  ...overrides,
});
const data = (order: Order, orderStatus = status()): PaymentActionData => ({
  order,
  status: orderStatus,
  countries: [US, FR],
  loadedAt: NOW,
});

async function render(node: React.ReactNode, locale = 'en') {
  const missing: string[] = [];
  const html = await renderInShop(node, { locale, missingKeys: missing });
  expect(missing).toEqual([]);
  return html;
}

const valueOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe('/payment/confirmAddress', () => {
  it('shows the order’s address to confirm, editable, the countdown’s place and the button', async () => {
    const html = await render(<ConfirmAddress data={data(waiting)} />);
    const page = text(html);
    expect(page).toContain('Confirm your shipping address');
    expect(page).toContain('could not match the shipping address of order VG-10042');
    expect(page).toContain('Time left to confirm your address');
    expect(html).toContain('role="timer"');
    expect(valueOf(html, 'checkout-shippingAddress-address1')).toBe('12 Hudson Street');
    expect(valueOf(html, 'checkout-shippingAddress-city')).toBe('New York');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Confirm address<\/button>/);
    expect(html).toMatch(/<h1 id="payment-action-title" tabindex="-1">/);
    expect(page).not.toContain('Order again');
  });

  it('in French', async () => {
    const page = text(await render(<ConfirmAddress data={data(waiting)} />, 'fr'));
    expect(page).toContain('Confirmez votre adresse de livraison');
    expect(page).toContain('Temps restant pour confirmer votre adresse');
    expect(page).toContain('Confirmer l’adresse');
    expect(page).toContain('Prénom');
  });

  it('says the order was canceled and offers to order again, once it is', async () => {
    const canceled = { ...waiting, status: 'canceled' as const };
    const page = text(await render(<ConfirmAddress data={data(canceled, status({ status: 'canceled' }))} />));
    expect(page).toContain('Your order was canceled');
    expect(page).toContain('Order VG-10042 was canceled because its shipping address was not confirmed in time');
    expect(page).toContain('Order again');
    expect(page).not.toContain('Confirm address');
    expect(page).not.toContain('Time left');
  });

  it('says so too when opened after the countdown, before the shop’s job canceled it', async () => {
    const late = { ...data(waiting), loadedAt: Date.parse('2026-11-23T12:15:01Z') };
    const page = text(await render(<ConfirmAddress data={late} />, 'fr'));
    expect(page).toContain('Votre commande a été annulée');
    expect(page).toContain('Commander à nouveau');
  });
});

describe('/payment/confirmShipping', () => {
  const shippingStatus = status({
    payment: { method: 'paypal', status: 'action', action: 'confirmShipping', next: '/payment/confirmShipping' },
    addressConfirmBy: null,
  });

  it('shows the shipping method, its price and the total, and asks to confirm and pay', async () => {
    const page = text(await render(<ConfirmShipping data={data(waiting, shippingStatus)} />));
    expect(page).toContain('Confirm the shipping price');
    expect(page).toContain('order VG-10042');
    expect(page).toContain('Shipping method Standard (3–5 days)');
    expect(page).toContain('Shipping $6.95');
    expect(page).toContain('Total $130.28');
    expect(page).toContain('Confirm and pay');
  });

  it('in French', async () => {
    const page = text(await render(<ConfirmShipping data={data(waiting, shippingStatus)} />, 'fr'));
    expect(page).toContain('Confirmez les frais de livraison');
    expect(page).toContain('Mode de livraison');
    expect(page).toContain('Confirmer et payer');
  });
});

describe('/payment/replenishAddress', () => {
  const partial: Order = {
    ...waiting,
    shippingAddress: { ...placedOrder.shippingAddress!, address1: '', zip: '', phone: '' },
  };

  it('prefills what the order has and marks each missing field beside it', async () => {
    const html = await render(<ReplenishAddress data={data(partial)} />);
    const page = text(html);
    expect(page).toContain('Complete your shipping address');
    expect(page).toContain('Fill in the marked fields to continue');
    expect(valueOf(html, 'checkout-shippingAddress-firstName')).toBe('Ada');
    expect(valueOf(html, 'checkout-shippingAddress-city')).toBe('New York');
    for (const field of ['address1', 'zip', 'phone'])
      expect(html).toMatch(new RegExp(`id="checkout-shippingAddress-${field}"[^>]*aria-invalid="true"`));
    expect(html).not.toMatch(/id="checkout-shippingAddress-city"[^>]*aria-invalid/);
    expect(html).toMatch(/id="checkout-shippingAddress-zip-error"[^>]*>This field is required/);
    expect(page).toContain('Continue');
  });

  it('in French', async () => {
    const html = await render(<ReplenishAddress data={data(partial)} />, 'fr');
    expect(text(html)).toContain('Complétez votre adresse de livraison');
    expect(html).toMatch(/id="checkout-shippingAddress-zip-error"[^>]*>Ce champ est obligatoire/);
  });
});

describe('a refused address', () => {
  it('lands on the form’s own fields, with the server’s rule', () => {
    const data = {
      errors: [
        { path: '/address/zip', message: 'must be valid', rule: 'zip' },
        { path: '/address/country', message: 'is not served by the way of shipping paid for', rule: 'shipping' },
      ],
    };
    expect(addressErrorsOf(data)).toEqual({ '/shippingAddress/zip': 'zip', '/shippingAddress/country': 'shipping' });
    expect(addressErrorsOf({ errors: [{ path: '/orderToken', message: 'is required' }] })).toBeNull();
    expect(addressErrorsOf(null)).toBeNull();
  });
});

describe('the countdown', () => {
  it('reads as minutes and seconds, rounded up until it is over', () => {
    expect(clockText(15 * 60_000)).toBe('15:00');
    expect(clockText(65_500)).toBe('1:06');
    expect(clockText(1)).toBe('0:01');
    expect(clockText(0)).toBe('0:00');
  });

  it('is announced at 10, 5, 2 and 1 minutes and 30 seconds, not at every tick', () => {
    const announced: number[] = [];
    for (let left = 15 * 60_000; left > 0; left -= 1000) {
      const moment = crossedMoment(left, left - 1000);
      if (moment !== null) announced.push(moment);
    }
    expect(announced).toEqual([600_000, 300_000, 120_000, 60_000, 30_000]);
    // A tab woken after a long sleep announces once, not every moment it slept through.
    expect(crossedMoment(11 * 60_000, 4 * 60_000)).toBe(300_000);
    expect(crossedMoment(20_000, 0)).toBeNull();
  });
});
