// Oceanpayment, simulated. The shopper's browser posts the payment's fields to Oceanpayment with
// `signValue` = SHA-256 (hex) of account, terminal, backUrl, order_number, order_currency, order_amount and
// the secure code, made by the shop (`POST api/oceanpayment/sign`); Oceanpayment refuses fields changed on
// the way. After paying the shopper comes back and Oceanpayment notifies the shop with the result, signed
// by SHA-256 of account, terminal, order_number, order_currency, order_amount, payment_id, payment_status
// and the secure code (`POST api/oceanpayment/sign-check` checks such a result). A real account gives the
// account, the terminal and the secure code.
import type { Db } from '../../../db/connect';
import type { ProviderContext } from '../../provider';
import { returnPath } from '../../provider';
import { digest, providerSecret, sameDigest } from './digest';
import { decimalAmount, formFields, referenceField } from './fields';
import { createHostedProvider, type HostedPayment, type HostedProvider, type Notice } from './hosted-provider';

export const OCEANPAYMENT = 'oceanpayment';
const ACCOUNT = '150260';
const TERMINAL = '15026001';

/** The fields of a payment's result (the return's and the notification's), and its signature. */
export const RESULT_FIELDS = [
  'account',
  'terminal',
  'order_number',
  'order_currency',
  'order_amount',
  'payment_id',
  'payment_status',
] as const;
export type OceanResult = Record<(typeof RESULT_FIELDS)[number], string>;

const resultSign = (secret: string, f: OceanResult) =>
  digest('sha256', `${RESULT_FIELDS.map((name) => f[name]).join('')}${secret}`);

/** Oceanpayment's result of a payment, signed (the notification's form fields). */
export function oceanResult(
  secret: string,
  payment: HostedPayment,
  paid: boolean,
  paymentId: string,
): OceanResult & { signValue: string } {
  const f: OceanResult = {
    account: ACCOUNT,
    terminal: TERMINAL,
    order_number: payment.reference,
    order_currency: payment.currencyCode,
    order_amount: decimalAmount(payment.amount, payment.currencyCode),
    payment_id: paymentId,
    payment_status: paid ? '1' : '0',
  };
  return { ...f, signValue: resultSign(secret, f) };
}

export interface OceanpaymentProvider extends HostedProvider {
  /** Whether a result's signValue is Oceanpayment's for its fields. */
  checkResult(fields: OceanResult, signValue: string): boolean;
  /** The merchant's secure code (tests sign results with it). */
  readonly secureCode: string;
}

export function createOceanpaymentProvider(db: Db, context: ProviderContext): OceanpaymentProvider {
  const secret = providerSecret(context.test.bankWebhookSecret, OCEANPAYMENT);
  const hosted = createHostedProvider(db, context, {
    id: OCEANPAYMENT,
    prefix: 'op',
    brand: 'Oceanpayment',
    name: { en: 'Oceanpayment' },
    entry: {
      reference: 'order_number',
      signature: 'signValue',
      fields: (payment) => {
        const f = {
          account: ACCOUNT,
          terminal: TERMINAL,
          backUrl: `${payment.data.origin}${returnPath(payment.data.orderToken)}`,
          order_number: payment.reference,
          order_currency: payment.currencyCode,
          order_amount: decimalAmount(payment.amount, payment.currencyCode),
        };
        return {
          ...f,
          order_notes: payment.data.orderNumber,
          signValue: digest('sha256', `${Object.values(f).join('')}${secret}`),
        };
      },
    },
    notice: (payment, state, eventId) => ({
      body: new URLSearchParams(oceanResult(secret, payment, state === 'succeeded', eventId)).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
    readNotice(raw): Notice {
      const f = formFields(raw) as OceanResult & { signValue?: string };
      if (!sameDigest(resultSign(secret, f), f.signValue))
        throw new Error('the Oceanpayment notification is not signed by Oceanpayment');
      if (!/^[\w-]{1,100}$/.test(f.payment_id ?? '')) throw new Error('the Oceanpayment notification has no payment id');
      if (f.payment_status !== '1' && f.payment_status !== '0') throw new Error('the Oceanpayment status is not known');
      return {
        eventId: f.payment_id,
        reference: referenceField(f.order_number, 'op'),
        state: f.payment_status === '1' ? 'succeeded' : 'failed',
      };
    },
  });
  return {
    ...hosted,
    checkResult: (fields, signValue) => sameDigest(resultSign(secret, fields), signValue),
    secureCode: secret,
  };
}
