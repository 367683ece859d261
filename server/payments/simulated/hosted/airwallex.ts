// Airwallex, simulated, for iDEAL: the shop creates the payment intent with the bank the shopper chose
// (GET /api/paymentStrategy/airwallexIdealBanks), the shopper confirms at the bank's page and Airwallex
// sends its webhook signed as Airwallex signs them: `x-signature` = HMAC-SHA256 (hex) of the `x-timestamp`
// header followed by the raw body, with the webhook's secret; a timestamp more than 5 minutes away is
// refused. A real account gives the client id, the API key and the webhook secret.
import { createHmac } from 'node:crypto';
import type { Db } from '../../../db/connect';
import type { ProviderContext } from '../../provider';
import { WEBHOOK_TOLERANCE_MS } from '../bank/signature';
import { providerSecret, sameDigest } from './digest';
import { jsonFields, referenceField } from './fields';
import { createHostedProvider, type Notice } from './hosted-provider';

export const AIRWALLEX = 'airwallex';

type EventName = 'payment_intent.succeeded' | 'payment_intent.payment_failed';

/** The headers of an Airwallex webhook of `body` sent at `timestamp` (ms). */
export function airwallexHeaders(secret: string, body: string, timestamp = Date.now()) {
  const signature = createHmac('sha256', secret).update(`${timestamp}${body}`).digest('hex');
  return { 'Content-Type': 'application/json', 'x-timestamp': String(timestamp), 'x-signature': signature };
}

export const airwallexEvent = (id: string, name: EventName, reference: string) =>
  JSON.stringify({ id, name, data: { object: { id: reference } } });

export function createAirwallexProvider(db: Db, context: ProviderContext) {
  const secret = providerSecret(context.test.bankWebhookSecret, AIRWALLEX);
  return createHostedProvider(db, context, {
    id: AIRWALLEX,
    prefix: 'aw',
    brand: 'Airwallex · iDEAL',
    name: { en: 'iDEAL (Airwallex)' },
    notice: (payment, state, eventId) => {
      const body = airwallexEvent(
        eventId,
        state === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        payment.reference,
      );
      return { body, headers: airwallexHeaders(secret, body) };
    },
    readNotice(raw, headers): Notice | null {
      const timestamp = headers.get('x-timestamp') ?? '';
      if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > WEBHOOK_TOLERANCE_MS)
        throw new Error('the Airwallex webhook timestamp is missing or too old');
      const expected = createHmac('sha256', secret).update(`${timestamp}${raw}`).digest('hex');
      if (!sameDigest(expected, headers.get('x-signature'))) throw new Error('the Airwallex webhook is not signed by Airwallex');
      const body = jsonFields(raw);
      const object = (body.data as { object?: { id?: unknown } } | undefined)?.object;
      if (typeof body.id !== 'string' || !/^[\w-]{1,100}$/.test(body.id)) throw new Error('the Airwallex webhook has no id');
      // Airwallex sends many events; those the shop does not read are answered, so it stops sending them.
      if (body.name !== 'payment_intent.succeeded' && body.name !== 'payment_intent.payment_failed') return null;
      return {
        eventId: body.id,
        reference: referenceField(object?.id, 'aw'),
        state: body.name === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
      };
    },
  });
}
