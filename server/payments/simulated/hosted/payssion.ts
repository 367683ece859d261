// Payssion, simulated (its local methods: one redirect, one notify). The shopper's browser goes to
// Payssion with the payment's fields and `api_sig` = MD5 (hex) of api_key|pm_id|amount|currency|order_id|
// secret_key, which the shop makes (`POST api/payssion/createTransactionSign`): Payssion refuses fields
// changed on the way. Payssion then notifies the shop (form fields, `notify_sig` = MD5 of
// api_key|pm_id|amount|currency|order_id|state|secret_key). MD5 is Payssion's documented digest; the
// signatures are compared in constant time. A real account gives the API key and the secret key.
import type { Db } from '../../../db/connect';
import type { ProviderContext } from '../../provider';
import { returnPath } from '../../provider';
import { digest, providerSecret, sameDigest } from './digest';
import { decimalAmount, formFields, referenceField } from './fields';
import { createHostedProvider, type HostedPayment, type Notice } from './hosted-provider';

export const PAYSSION = 'payssion';
const API_KEY = 'test_payssion_api_key';

const sig = (...parts: string[]) => digest('md5', parts.join('|'));

/** The payment's fields as Payssion reads them (its pm_id: the method's, e.g. `payssion`). */
const paymentFields = (payment: HostedPayment) => ({
  api_key: API_KEY,
  pm_id: payment.data.method,
  amount: decimalAmount(payment.amount, payment.currencyCode),
  currency: payment.currencyCode,
  order_id: payment.reference,
});

/** Payssion's notification of a payment (tests sign theirs with it). */
export function payssionNotice(secret: string, payment: HostedPayment, state: 'completed' | 'failed'): string {
  const f = paymentFields(payment);
  return new URLSearchParams({
    pm_id: f.pm_id,
    transaction_id: payment.reference,
    order_id: f.order_id,
    amount: f.amount,
    currency: f.currency,
    state,
    notify_sig: sig(f.api_key, f.pm_id, f.amount, f.currency, f.order_id, state, secret),
  }).toString();
}

export function createPayssionProvider(db: Db, context: ProviderContext) {
  const secret = providerSecret(context.test.bankWebhookSecret, PAYSSION);
  return createHostedProvider(db, context, {
    id: PAYSSION,
    prefix: 'ps',
    brand: 'Payssion',
    name: { en: 'Payssion' },
    entry: {
      reference: 'order_id',
      signature: 'api_sig',
      fields: (payment) => {
        const f = paymentFields(payment);
        return {
          ...f,
          description: payment.data.orderNumber,
          return_url: `${payment.data.origin}${returnPath(payment.data.orderToken)}`,
          api_sig: sig(f.api_key, f.pm_id, f.amount, f.currency, f.order_id, secret),
        };
      },
    },
    notice: (payment, state) => ({
      body: payssionNotice(secret, payment, state === 'succeeded' ? 'completed' : 'failed'),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
    readNotice(raw): Notice {
      const f = formFields(raw);
      const expected = sig(API_KEY, f.pm_id ?? '', f.amount ?? '', f.currency ?? '', f.order_id ?? '', f.state ?? '', secret);
      if (!sameDigest(expected, f.notify_sig)) throw new Error('the Payssion notification is not signed by Payssion');
      if (f.state !== 'completed' && f.state !== 'failed') throw new Error('the Payssion state is not known');
      const reference = referenceField(f.order_id, 'ps');
      // Payssion's notifications carry no id of their own: one per transaction and state.
      return { eventId: `${reference}.${f.state}`, reference, state: f.state === 'completed' ? 'succeeded' : 'failed' };
    },
  });
}
