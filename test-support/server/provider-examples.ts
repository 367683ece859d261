// Valid examples of the providers' own calls (PacyPay, Oceanpayment, AsiaBill, Payssion) for the test of
// every call with bad input: each answers 200/201 with them (an idempotency key fixed per call answers
// the same payment again whatever the variants do).
import type { OceanpaymentProvider } from '../../server/payments/simulated/hosted/oceanpayment';
import { oceanResult } from '../../server/payments/simulated/hosted/oceanpayment';
import { readyCheckout, shopperOf, APPROVED } from './buyer';
import { hostedRecord } from './hosted';
import { latestPaymentOf } from './gateway';
import type { TestShop } from './test-app';

export async function providerExamples(
  shop: TestShop,
  examples: Record<string, unknown>,
  pathExamples: Record<string, Record<string, string>>,
  bodyExamples: Record<string, string>,
) {
  const buyer = shopperOf(shop, '0c0ffee0-0000-4000-8000-0000000000be');
  const lines = [{ skuId: 2, quantity: 1 }];
  examples.ProviderOrderRequest = {
    checkoutToken: await readyCheckout(buyer, lines),
    paymentMethodCode: 'pacypay',
    idempotencyKey: 'bad-input-pacypay-key',
  };
  // Orders waiting for their Payssion and Oceanpayment payments, for the calls that sign them.
  for (const [method, path] of [
    ['payssion', '/payssion/createTransactionSign'],
    ['oceanpayment', '/oceanpayment/sign'],
  ] as const) {
    const waiting = await buyer<{ orderToken: string }>('POST', '/payment/create-order', {
      checkoutToken: await readyCheckout(buyer, lines),
      paymentMethodCode: method,
      idempotencyKey: `bad-input-${method}-key`,
    });
    bodyExamples[path] = JSON.stringify({ orderToken: waiting.data.orderToken });
  }
  const onePage = await readyCheckout(buyer, lines);
  pathExamples['/oceanpayment/one-page-checkout/{token}/'] = { token: onePage };
  examples.OceanCheckoutRequest = { paymentMethodCode: 'oceanpayment', idempotencyKey: 'bad-input-ocean-key' };
  const ocean = shop.app.payments.provider('oceanpayment') as OceanpaymentProvider;
  const waiting = await buyer<{ orderToken: string }>('POST', '/payment/create-order', {
    checkoutToken: await readyCheckout(buyer, lines),
    paymentMethodCode: 'oceanpayment',
    idempotencyKey: 'bad-input-ocean-result-key',
  });
  const reference = (await latestPaymentOf(shop, waiting.data.orderToken)).providerReference!;
  examples.OceanSignCheckRequest = oceanResult(
    ocean.secureCode,
    await hostedRecord(shop, 'oceanpayment', reference),
    true,
    'pay_bad_input',
  );
  // An AsiaBill session holding a card, for the hosted fields and confirmCharge.
  const charged = await readyCheckout(buyer, lines);
  examples.AsiabillSessionRequest = { checkoutToken: charged };
  const session = await buyer<{ sessionToken: string }>('POST', '/asiabill/sessionToken', { checkoutToken: charged });
  const { sessionToken } = session.data;
  // The hosted fields' example tokenizes in a session of its own (a new card replaces a session's card).
  const fields = await buyer<{ sessionToken: string }>('POST', '/asiabill/sessionToken', { checkoutToken: charged });
  pathExamples['/payment-providers/asiabill/sessions/{sessionToken}/card'] = { sessionToken: fields.data.sessionToken };
  const card = await buyer<{ paymentMethodId: string }>('POST', `/payment-providers/asiabill/sessions/${sessionToken}/card`, {
    number: APPROVED,
    expiry: '12/30',
    cvc: '123',
    name: 'Ada Lovelace',
  });
  examples.AsiabillChargeRequest = {
    checkoutToken: charged,
    sessionToken,
    paymentMethodId: card.data.paymentMethodId,
    paymentMethodCode: 'asiabill-card',
    idempotencyKey: 'bad-input-asiabill-key',
  };
}
