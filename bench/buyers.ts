// Shoppers made through the shop's calls, for the benchmarks that need one: a cart with its checkout, a
// paid shop order, and a funnel buyer who paid the checkout step and is shown the first upsell.
import { randomUUID } from 'node:crypto';
import { signatureQuery } from '../test-support/server/sign';
import { TEST_ADDRESS } from '../test-support/server/test-address';
import { call } from './server';

const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' };

/** A one-use token of the test card, as the card fields make it in the browser. */
function cardToken(base: string, visitor: string): Promise<{ token: string }> {
  return call<{ token: string }>(base, visitor, 'POST', '/api/payment-providers/test-card/tokens', TEST_CARD);
}

/** A cart of `visitor` with two lines and a checkout of it (its token), for the cart and checkout pages. */
export async function cartAndCheckout(base: string, visitor: string): Promise<string> {
  for (const handle of ['linen-shirt', 'leather-wallet']) {
    const product = await call<{ skus: { id: number; stock: number }[] }>(base, visitor, 'GET', `/api/products/${handle}`);
    const sku = product.skus.find((s) => s.stock > 0) ?? product.skus[0]!;
    await call(base, visitor, 'POST', '/api/shopping-carts', { skuId: sku.id, quantity: 1 });
  }
  const { token } = await call<{ token: string }>(base, visitor, 'POST', '/api/multicurrency/general/checkout', {});
  return token;
}

/** A shop order of a new visitor, paid with the test card: its token (the thank-you page's address). */
export async function paidShopOrder(base: string): Promise<{ orderToken: string; visitor: string }> {
  const visitor = randomUUID();
  const token = await cartAndCheckout(base, visitor);
  await call(base, visitor, 'POST', '/api/multicurrency/asyncPayInfoSave', {
    token,
    email: 'bench@example.com',
    shippingAddress: TEST_ADDRESS,
    shippingTemplateId: 1,
  });
  const orderToken = await payByCard(base, visitor, token, '/api/payment/create-order');
  return { orderToken, visitor };
}

/** Pays checkout `token` with the test card through `path`, signed as the shop's pages sign it. */
async function payByCard(base: string, visitor: string, token: string, path: string): Promise<string> {
  const card = await cardToken(base, visitor);
  const body = { checkoutToken: token, paymentMethodCode: 'card', paymentToken: card.token, idempotencyKey: randomUUID() };
  const signed = signatureQuery({ origin: base, visitor, body });
  const paid = await call<{ orderToken: string }>(base, visitor, 'POST', `${path}?${signed}`, body, { Origin: base });
  return paid.orderToken;
}

/**
 * A buyer of the demo funnel's checkout step (`skuId`, once) paid with the test card and shown the first
 * upsell: the main order's token, the offer's token and the buyer's visitor id.
 */
export async function funnelBuyer(
  base: string,
  skuId: number,
): Promise<{ orderToken: string; offerToken: string; visitor: string }> {
  const visitor = randomUUID();
  const checkout = await call<{ token: string }>(base, visitor, 'POST', '/api/multicurrency/calculatePrice', {
    funnel: 'summer-linen',
    pageId: 'checkout',
    lines: [{ skuId, quantity: 1 }],
  });
  await call(base, visitor, 'POST', '/api/multicurrency/asyncPayInfoSave', {
    token: checkout.token,
    email: 'bench@example.com',
    shippingAddress: TEST_ADDRESS,
    shippingTemplateId: 1,
  });
  const orderToken = await payByCard(base, visitor, checkout.token, '/api/multicurrency/funnel-buy');
  const step = await call<{ offer: { token: string } }>(
    base,
    visitor,
    'GET',
    `/api/multicurrency/funnel/summer-linen?pageId=socks&order=${orderToken}`,
  );
  return { orderToken, offerToken: step.offer.token, visitor };
}
