// The confirmation mail (issue 8): sent once when an order is paid, through a real SMTP server, in the
// language the shopper bought in, with the order number and its totals.
import { firstSku } from '../../test-support/server/skus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../schemas/generated/api';
import { cardToken, idempotencyKey, pay, readyCheckout, shopperOf } from '../../test-support/server/buyer';
import { captureSmtp, mailerTo, recipients, type SmtpCapture } from '../../test-support/server/smtp-capture';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';
import { declinedCard } from '../payments/simulated/card/test-numbers';

let shop: TestShop;
let smtp: SmtpCapture;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  smtp = await captureSmtp();
  shop = await createTestShop(
    'pglite',
    {},
    {
      mailer: mailerTo(smtp),
    },
  );
  shirt = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

describe('the order confirmation mail', () => {
  it('goes out once, on payment, in French with euros, naming the order and its total', async () => {
    const call = shopperOf(shop, newVisitor(), 'currencyCode=EUR&lang=fr');
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 2 }], { email: 'marie@example.com' });
    await pay(call, token, declinedCard(1));
    await shop.app.mailSettled();
    // A decline sends nothing.
    expect(smtp.received).toHaveLength(0);
    const key = idempotencyKey();
    const paymentToken = await cardToken(call);
    const body = { checkoutToken: token, paymentMethodCode: 'card', paymentToken, idempotencyKey: key };
    const paid = await call<{ orderToken: string; orderNumber: string }>('POST', '/payment/create-order', body);
    await call('POST', '/payment/create-order', body);
    await shop.app.mailSettled();
    const [mail] = await smtp.waitFor(1);
    const order = (await call<Order>('GET', `/multicurrency/general/order/${paid.data.orderToken}`)).data;
    expect(recipients(mail!)).toBe('marie@example.com');
    expect(mail!.subject).toBe(`Commande ${paid.data.orderNumber} confirmée`);
    expect(order.currencyCode).toBe('EUR');
    const total = (order.totals.totalPrice.amount / 100).toFixed(2).replace('.', ',');
    expect(mail!.text).toContain(total);
    expect(mail!.text).toContain('Sous-total');
    expect(mail!.html).toContain(`/thankyou/${paid.data.orderToken}`);
    // The same payment sent again, or another process told of it: still one mail.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(1);
  });
});
