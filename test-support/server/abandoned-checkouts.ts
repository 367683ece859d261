// Abandoned checkouts for the recovery tests: a visitor fills a cart, starts a checkout and types details,
// as a shopper would through the API; and a mailer that keeps what it was given.
import { eq } from 'drizzle-orm';
import type { CheckoutToken } from '../../schemas/generated/api';
import { checkouts } from '../../server/db/checkout-schema';
import type { Mail, Mailer } from '../../server/mail/mailer';
import { TEST_ADDRESS } from './test-address';
import { visitorCall, type TestShop } from './test-app';

/** A checkout a visitor started and filled in, then left; its token. */
export async function leaveCheckout(
  shop: TestShop,
  visitor: string,
  options: {
    items: { skuId: number; quantity: number }[];
    email?: string;
    acceptsMarketing?: boolean;
    query?: string;
  },
): Promise<string> {
  const q = options.query ? `?${options.query}` : '';
  const added = await visitorCall(shop, visitor, 'POST', '/shopping-carts/saveProducts', { items: options.items });
  if (added.status !== 200) throw new Error(`add to cart: ${added.message}`);
  const started = await visitorCall<CheckoutToken>(shop, visitor, 'POST', `/multicurrency/general/checkout${q}`, {});
  if (started.status !== 201) throw new Error(`checkout: ${started.message}`);
  const { token } = started.data;
  const saved = await visitorCall(shop, visitor, 'POST', `/multicurrency/asyncPayInfoSave${q}`, {
    token,
    ...(options.email ? { email: options.email } : {}),
    acceptsMarketing: options.acceptsMarketing ?? false,
    shippingAddress: TEST_ADDRESS,
  });
  if (saved.status !== 200) throw new Error(`details: ${saved.message}`);
  return token;
}

export async function recoveryKeyOf(shop: TestShop, token: string): Promise<string | null> {
  const [row] = await shop.database.db.select({ key: checkouts.recoveryKey }).from(checkouts).where(eq(checkouts.token, token));
  return row?.key ?? null;
}

/** A mailer that keeps every mail (or fails every send, for the failure path). */
export function keepingMailer(options: { fail?: boolean } = {}): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      if (options.fail) throw new Error('550 mailbox unavailable');
      sent.push(mail);
    },
  };
}
