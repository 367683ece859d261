// What an order's values read as: the statuses in words (every value has its own key, so a new status
// fails the type check here instead of showing a raw code), an address as the lines of a label, how it
// was paid.
import type { CheckoutAddress, Order } from '../../../schemas/generated/api';
import { postalLines } from '../../i18n/address-format';
import { intlLocale } from '../../i18n/locales';

export type PaymentStatus = Order['status'];
export type FulfillmentStatus = Order['fulfillmentStatus'];

type Translate = (key: string, options?: Record<string, string | number>) => string;

const PAYMENT_KEYS: Record<PaymentStatus, string> = {
  pending: 'order.payment.pending',
  paid: 'order.payment.paid',
  expired: 'order.payment.expired',
  refunded: 'order.payment.refunded',
  canceled: 'order.payment.canceled',
};

const FULFILLMENT_KEYS: Record<FulfillmentStatus, string> = {
  unfulfilled: 'order.fulfillment.unfulfilled',
  fulfilled: 'order.fulfillment.fulfilled',
  shipped: 'order.fulfillment.shipped',
  delivered: 'order.fulfillment.delivered',
};

export const PAYMENT_STATUSES = Object.keys(PAYMENT_KEYS) as PaymentStatus[];
export const FULFILLMENT_STATUSES = Object.keys(FULFILLMENT_KEYS) as FulfillmentStatus[];

export const paymentStatusText = (t: Translate, status: PaymentStatus) => t(PAYMENT_KEYS[status]);
export const fulfillmentStatusText = (t: Translate, status: FulfillmentStatus) => t(FULFILLMENT_KEYS[status]);

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the page's language ("US" -> "United States"); the code when the runtime has no name. */
export function countryName(code: string, locale: string): string {
  if (!regionNames.has(locale)) {
    try {
      regionNames.set(locale, new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }));
    } catch {
      regionNames.set(locale, null);
    }
  }
  try {
    return regionNames.get(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * An address as the lines of a postal label, in its country's own order (see postalLines); empty parts
 * (apartment, province) leave no blank line.
 */
export function addressLines(address: CheckoutAddress, locale: string): string[] {
  return [...postalLines(address, locale), address.country ? countryName(address.country, locale) : '', address.phone ?? '']
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The name the thank-you greets: the shipping (else billing) first name, if the buyer gave one. */
export function buyerFirstName(order: Pick<Order, 'shippingAddress' | 'billingAddress'>): string {
  return (order.shippingAddress?.firstName || order.billingAddress?.firstName || '').trim();
}

/** Card networks as their owners write them (providers answer a lowercase code such as `visa`). */
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};

export function cardBrandName(brand: string | null): string {
  if (!brand) return '';
  return CARD_BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** How the order was paid, e.g. "Credit or debit card · Visa ending in 4242". */
export function paymentText(t: Translate, payment: NonNullable<Order['payment']>): string {
  if (payment.cardLast4) {
    const card = t('order.cardEnding', { brand: cardBrandName(payment.cardBrand), last4: payment.cardLast4 }).trim();
    return `${payment.name} · ${card}`;
  }
  return payment.name;
}
