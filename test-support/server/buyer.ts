// A shopper's way through checkout over the API, step by step, for tests and the bench: fill the cart (or
// buy now), start a checkout, tell contact, address and shipping, tokenize a card at the provider, pay.
import { randomBytes } from 'node:crypto';
import type { PaymentOutcome } from '../../schemas/generated/api';
import { TEST_ADDRESS } from './test-address';
import { visitorCall, type TestShop } from './test-app';

export { TEST_ADDRESS };

export const APPROVED = '4242 4242 4242 4242';

/** Ends in `{ status, code, data }` like every call, so a test can look at a refusal. */
export type Call = <T = unknown>(method: string, path: string, body?: unknown) => ReturnType<typeof visitorCall<T>>;

export function shopperOf(shop: TestShop, visitor: string, query = ''): Call {
  return (method, path, body) =>
    visitorCall(shop, visitor, method, query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path, body);
}

export const idempotencyKey = () => randomBytes(12).toString('hex');

/** A checkout of the visitor's cart filled with `items` (or buy now of one), with its details told. */
export async function readyCheckout(
  call: Call,
  items: { skuId: number; quantity: number }[],
  options: {
    buyNow?: boolean;
    email?: string;
    shippingTemplateId?: number;
    coupon?: string;
    /** Where it ships (the US test address unless told): a method pays only where it works. */
    address?: typeof TEST_ADDRESS;
  } = {},
): Promise<string> {
  if (!options.buyNow) {
    for (const item of items) {
      const added = await call('POST', '/shopping-carts', item);
      if (added.status !== 200) throw new Error(`add to cart: ${added.status} ${added.message}`);
    }
    if (options.coupon) await call('POST', '/multicurrency/general/coupon', { code: options.coupon });
  }
  const started = await call<{ token: string }>(
    'POST',
    '/multicurrency/general/checkout',
    options.buyNow ? { buyNow: items[0] } : {},
  );
  if (started.status !== 201) throw new Error(`start checkout: ${started.status} ${started.message}`);
  const { token } = started.data;
  const saved = await call('POST', '/multicurrency/asyncPayInfoSave', {
    token,
    email: options.email ?? 'ada@example.com',
    shippingAddress: options.address ?? TEST_ADDRESS,
    shippingTemplateId: options.shippingTemplateId ?? (options.address && options.address.country !== 'US' ? 4 : 1),
  });
  if (saved.status !== 200) throw new Error(`save details: ${saved.status} ${saved.message}`);
  return token;
}

/** Tokenizes a card at the test provider's own endpoint. */
export async function cardToken(call: Call, number = APPROVED): Promise<string> {
  const tokenized = await call<{ token: string }>('POST', '/payment-providers/test-card/tokens', {
    number,
    expiry: '12/30',
    cvc: '123',
    name: 'Ada Lovelace',
  });
  if (tokenized.status !== 201) throw new Error(`tokenize: ${tokenized.status} ${tokenized.message}`);
  return tokenized.data.token;
}

/** Pays a checkout with a card (a fresh idempotency key unless one is given). */
export async function pay(call: Call, checkoutToken: string, number = APPROVED, key = idempotencyKey()) {
  return call<PaymentOutcome>('POST', '/payment/create-order', {
    checkoutToken,
    paymentMethodCode: 'card',
    paymentToken: await cardToken(call, number),
    idempotencyKey: key,
  });
}

/**
 * A buyer of a funnel's checkout: the products chosen (calculatePrice), contact, address and shipping told,
 * paid with funnel-buy (the test card unless a method is named). Answers the payment's outcome.
 */
export async function buyInFunnel(
  call: Call,
  funnel: string,
  lines: { skuId: number; quantity: number }[],
  options: {
    method?: string;
    bank?: string;
    email?: string;
    pageId?: string;
    paymentToken?: string;
    address?: typeof TEST_ADDRESS;
  } = {},
) {
  const checkoutToken = await readyFunnelCheckout(call, funnel, lines, options);
  const method = options.method ?? 'card';
  const paid = await call<PaymentOutcome>('POST', '/multicurrency/funnel-buy', {
    checkoutToken,
    paymentMethodCode: method,
    ...(options.paymentToken
      ? { paymentToken: options.paymentToken }
      : method === 'card'
        ? { paymentToken: await cardToken(call) }
        : {}),
    ...(options.bank ? { bank: options.bank } : {}),
    idempotencyKey: idempotencyKey(),
  });
  if (paid.status !== 200) throw new Error(`funnel-buy: ${paid.status} ${paid.message}`);
  return { outcome: paid.data, checkoutToken };
}

/** A funnel's checkout of the products chosen (calculatePrice), contact, address and shipping told: its token. */
export async function readyFunnelCheckout(
  call: Call,
  funnel: string,
  lines: { skuId: number; quantity: number }[],
  options: { email?: string; pageId?: string; address?: typeof TEST_ADDRESS } = {},
): Promise<string> {
  const chosen = await call<{ token: string }>('POST', '/multicurrency/calculatePrice', {
    funnel,
    pageId: options.pageId ?? 'checkout',
    lines,
  });
  if (chosen.status !== 200) throw new Error(`choose: ${chosen.status} ${chosen.message}`);
  const saved = await call('POST', '/multicurrency/asyncPayInfoSave', {
    token: chosen.data.token,
    email: options.email ?? 'grace@example.com',
    shippingAddress: options.address ?? TEST_ADDRESS,
    shippingTemplateId: options.address && options.address.country !== 'US' ? 4 : 1,
  });
  if (saved.status !== 200) throw new Error(`save details: ${saved.status} ${saved.message}`);
  return chosen.data.token;
}
