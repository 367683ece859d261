// PacyPay, simulated: `POST api/pacypay/create-order` answers PacyPay's hosted payment page (a redirect);
// the shopper pays there and comes back, and PacyPay notifies the shop with a JSON body signed by
// `signInfo` = SHA-256 (hex) of merchantNo, orderNo, transactionId, amount, currency and status followed
// by the merchant's secret key. A real PacyPay account gives the merchant number and the secret key.
import type { Db } from '../../../db/connect';
import type { ProviderContext } from '../../provider';
import { digest, providerSecret, sameDigest } from './digest';
import { decimalAmount, jsonFields, referenceField } from './fields';
import { createHostedProvider, type HostedPayment, type Notice } from './hosted-provider';

export const PACYPAY = 'pacypay';
const MERCHANT_NO = 'TEST-MERCHANT';

type Status = 'SUCCESS' | 'FAILED';

const signInfo = (
  secret: string,
  f: { orderNo: string; transactionId: string; amount: string; currency: string; status: string },
) => digest('sha256', `${MERCHANT_NO}${f.orderNo}${f.transactionId}${f.amount}${f.currency}${f.status}${secret}`);

/** PacyPay's notification of a payment (tests sign theirs with it). */
export function pacypayNotice(secret: string, payment: HostedPayment, status: Status, notifyId: string): string {
  const fields = {
    orderNo: payment.data.orderNumber,
    transactionId: payment.reference,
    amount: decimalAmount(payment.amount, payment.currencyCode),
    currency: payment.currencyCode,
    status,
  };
  return JSON.stringify({ notifyId, merchantNo: MERCHANT_NO, ...fields, signInfo: signInfo(secret, fields) });
}

export function createPacypayProvider(db: Db, context: ProviderContext) {
  const secret = providerSecret(context.test.bankWebhookSecret, PACYPAY);
  return createHostedProvider(db, context, {
    id: PACYPAY,
    prefix: 'pp',
    brand: 'PacyPay',
    name: { en: 'PacyPay' },
    notice: (payment, state, eventId) => ({
      body: pacypayNotice(secret, payment, state === 'succeeded' ? 'SUCCESS' : 'FAILED', eventId),
      headers: { 'Content-Type': 'application/json' },
    }),
    readNotice(raw): Notice {
      const body = jsonFields(raw);
      const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
      const fields = {
        orderNo: text('orderNo'),
        transactionId: text('transactionId'),
        amount: text('amount'),
        currency: text('currency'),
        status: text('status'),
      };
      if (text('merchantNo') !== MERCHANT_NO || !sameDigest(signInfo(secret, fields), body.signInfo))
        throw new Error('the PacyPay notification is not signed by PacyPay');
      if (fields.status !== 'SUCCESS' && fields.status !== 'FAILED') throw new Error('the PacyPay status is not known');
      if (!/^[\w-]{1,100}$/.test(text('notifyId'))) throw new Error('the PacyPay notification has no id');
      return {
        eventId: text('notifyId'),
        reference: referenceField(fields.transactionId, 'pp'),
        state: fields.status === 'SUCCESS' ? 'succeeded' : 'failed',
      };
    },
  });
}
