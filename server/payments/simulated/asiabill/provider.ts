// AsiaBill, simulated: hosted fields. The shop opens a session for the checkout (`POST
// api/asiabill/sessionToken`); the card form's fields send the card to AsiaBill's own endpoint with that
// session (the card number reaches no other call) and the session keeps the tokenized card; `POST
// api/asiabill/confirmCharge` charges it. A checkout has one session and a session answers the same card
// to the same card: a browser that lost an answer and goes through the three calls again sends the very
// charge it sent before, which the idempotency key then answers as before (one key, one request, as
// Stripe's keys: a retry must be the same request, and this makes the honest retry the same). The card
// outcomes are the test card's (docs/payments.md: the test numbers, 3-D Secure on AsiaBill's page
// included), on AsiaBill's own records and references. AsiaBill
// then notifies the shop: a JSON body with the header `AsiaBill-Signature: t=<ms>,v1=<hex HMAC-SHA256(
// secret, t + "." + body)>`. A real account gives the merchant number, the gateway key and the sign key.
import { createHmac, randomBytes } from 'node:crypto';
import type { CardTokenRequest } from '../../../../schemas/generated/api';
import type { Db } from '../../../db/connect';
import type { PaymentResult, Provider, ProviderContext, WebhookEvent } from '../../provider';
import { signBankWebhook, verifyBankWebhook } from '../bank/signature';
import { createTestCardProvider } from '../card/provider';
import type { Vault } from '../card/vault';
import { createGatewayStore } from '../gateway/store';
import { providerSecret } from '../hosted/digest';
import { jsonFields, referenceField } from '../hosted/fields';

export const ASIABILL = 'asiabill';
export const ASIABILL_SIGNATURE = 'AsiaBill-Signature';
/** How long a hosted-fields session takes a card and a charge (as long as an unpaid order is held). */
export const SESSION_MS = 30 * 60_000;

interface SessionData extends Record<string, unknown> {
  checkoutToken: string;
  expiresAt: number;
  /** The card the hosted fields tokenized in this session. */
  card?: string | null;
  /** The keyed fingerprint of that card (cardFingerprint): the same card sent again is answered that card. */
  fingerprint?: string | null;
}

export interface AsiabillSession {
  sessionToken: string;
  checkoutToken: string;
  expiresAt: number;
  card: string | null;
}

/** AsiaBill's notification of a payment (tests sign theirs with signBankWebhook and its secret). */
export const asiabillNotice = (eventId: string, tradeNo: string) => JSON.stringify({ eventId, tradeNo });

export interface AsiabillProvider extends Provider {
  /**
   * The checkout's session: opened on the first ask (`opened`), the same one answered while it is open
   * (its time renewed), opened anew without a card once it expired.
   */
  openSession(checkoutToken: string): Promise<AsiabillSession & { opened: boolean }>;
  session(sessionToken: string): Promise<AsiabillSession | null>;
  /** The hosted fields' card kept in an open session: its token; null when the session is not open. */
  tokenize(
    sessionToken: string,
    card: CardTokenRequest,
  ): Promise<{ paymentMethodId: string; brand: string; last4: string } | null>;
  readonly webhookSecret: string;
}

export function createAsiabillProvider(db: Db, vault: Vault, context: ProviderContext): AsiabillProvider {
  const secret = providerSecret(context.test.bankWebhookSecret, ASIABILL);
  const sessions = createGatewayStore(db, 'asiabill-session', 'abs');

  async function notify(reference: string) {
    const body = asiabillNotice(`evt_${randomBytes(12).toString('hex')}`, reference);
    await context.deliverWebhook(ASIABILL, body, {
      'Content-Type': 'application/json',
      [ASIABILL_SIGNATURE]: signBankWebhook(secret, body),
    });
  }
  const later = (reference: string) => {
    const ms = context.test.bankWebhookAfterMs;
    if (!(ms > 0)) return;
    setTimeout(() => {
      notify(reference).catch((error) => context.log(`AsiaBill could not send its notification for ${reference}`, error));
    }, ms).unref();
  };
  const card = createTestCardProvider(db, vault, context, { id: ASIABILL, prefix: 'ab', answered: later });

  // One session per checkout, named by a keyed hash of the checkout's token: asking twice at once, or again
  // after a lost answer, finds the same session instead of leaving the first one's card behind.
  const sessionOf = (checkoutToken: string) =>
    `abs_${createHmac('sha256', secret).update(`session ${checkoutToken}`).digest('hex').slice(0, 24)}`;
  // Like a gateway's card fingerprint: keyed, of the number, expiry and name. The security code is not in
  // it: it is never kept, not even hashed.
  const cardFingerprint = (details: CardTokenRequest) =>
    createHmac('sha256', secret)
      .update(['card', details.number.replace(/[\s-]/g, ''), details.expiry.replace(/\s/g, ''), details.name.trim()].join('\n'))
      .digest('hex');

  /** A session's record while it is open (null when unknown or expired). */
  const openRecord = async (sessionToken: string) => {
    if (!/^abs_[0-9a-f]{24}$/.test(sessionToken)) return null;
    const found = await sessions.find<SessionData>(sessionToken);
    return found && found.data.expiresAt > Date.now() ? found.data : null;
  };
  const session = async (sessionToken: string): Promise<AsiabillSession | null> => {
    const open = await openRecord(sessionToken);
    return open && { sessionToken, checkoutToken: open.checkoutToken, expiresAt: open.expiresAt, card: open.card ?? null };
  };

  return {
    ...card,
    id: ASIABILL,
    name: { en: 'Card (AsiaBill)' },
    async openSession(checkoutToken) {
      const sessionToken = sessionOf(checkoutToken);
      const expiresAt = Date.now() + SESSION_MS;
      const data: SessionData = { checkoutToken, expiresAt };
      if (await sessions.recordOnce({ reference: sessionToken, status: 'open', amount: 0, currencyCode: 'XXX', data }))
        return { sessionToken, checkoutToken, expiresAt, card: null, opened: true };
      const open = await openRecord(sessionToken);
      // Open: answered again, its time renewed. Expired: opened anew, its card forgotten (a card is taken
      // for a session's time only).
      await sessions.move(sessionToken, ['open'], 'open', open ? { expiresAt } : { expiresAt, card: null, fingerprint: null });
      return { sessionToken, checkoutToken, expiresAt, card: open?.card ?? null, opened: !open };
    },
    session,
    async tokenize(sessionToken, details) {
      const open = await openRecord(sessionToken);
      if (!open) return null;
      const fingerprint = cardFingerprint(details);
      const held = open.card && open.fingerprint === fingerprint ? await vault.find(open.card) : null;
      if (held) return { paymentMethodId: open.card!, brand: held.brand, last4: held.last4 };
      const token = await vault.tokenize(details);
      await sessions.move(sessionToken, ['open'], 'open', { card: token.token, fingerprint });
      return { paymentMethodId: token.token, brand: token.brand, last4: token.last4 };
    },
    // The payment's token is the session: the card is the one its hosted fields tokenized (none: invalid card).
    async createPayment(request) {
      const open = request.paymentToken ? await session(request.paymentToken) : null;
      const result: PaymentResult = await card.createPayment({ ...request, paymentToken: open?.card ?? undefined });
      if (result.status === 'succeeded' || result.status === 'failed') later(result.reference);
      return result;
    },
    async webhook(raw, headers): Promise<WebhookEvent> {
      verifyBankWebhook(secret, raw, headers.get(ASIABILL_SIGNATURE));
      const body = jsonFields(raw);
      if (typeof body.eventId !== 'string' || !/^[\w-]{1,100}$/.test(body.eventId))
        throw new Error('the AsiaBill notification has no id');
      const reference = referenceField(body.tradeNo, 'ab');
      // The notification says the payment changed; AsiaBill's record says how it stands.
      return { eventId: body.eventId, reference, result: await card.retrieve(reference) };
    },
    webhookSecret: secret,
  };
}
