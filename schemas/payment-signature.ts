// The signature every payment request carries (spec section 7): `s` is the SHA-256 (hex) of the origin,
// the timestamp, the visitor's uuid (sakUUID cookie), the order token, the method code, nextHandle,
// channelOrderId, the checkout token and a random value, one per line, in that order. The request sends
// them beside its body as query parameters: `s`, `t` (ms since the epoch), `_atr` (the random value),
// `_step` (the checkout step it was sent from), `_pay` (the method code) and `uuid`. The server computes
// `s` again, refuses a wrong one, a `t` more than 5 minutes away, and a random value it has seen before.
// It is a guard against tampered and replayed requests, not a secret: the browser computes it.
// Shared by the renderer (Web Crypto) and the server (node:crypto): only the text to hash is made here.

/** A request older (or newer) than this is refused. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;

/** The query parameters of a signed payment request. */
export interface SignatureParams {
  s: string;
  t: string;
  _atr: string;
  _step: string;
  _pay: string;
  uuid: string;
}

/** What of the body the signature covers, by the names the payment calls use. */
export interface SignedFields {
  token: string;
  code: string;
  nextHandle: string;
  channelOrderId: string;
  checkoutToken: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The signed fields of a payment call's body (absent fields are empty); a call that names where the
 * shopper goes next in its query (Oceanpayment's one-page checkout: `?nextHandle=`) signs that.
 */
export function signedFieldsOf(body: unknown, query: Record<string, string | undefined> = {}): SignedFields {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return {
    // The order's token, or an offer's (paymentStrategy/upsell, cancelUpsell): the one the call acts on.
    token: text(b.orderToken ?? b.token),
    code: text(b.paymentMethodCode),
    nextHandle: text(b.nextHandle) || text(query.nextHandle),
    channelOrderId: text(b.channelOrderId),
    checkoutToken: text(b.checkoutToken),
  };
}

/** The text whose SHA-256 is `s`. */
export function signatureText(parts: { origin: string; t: string; uuid: string; random: string } & SignedFields): string {
  return [
    parts.origin,
    parts.t,
    parts.uuid,
    parts.token,
    parts.code,
    parts.nextHandle,
    parts.channelOrderId,
    parts.checkoutToken,
    parts.random,
  ].join('\n');
}

export const SIGNATURE_PATTERNS = {
  s: /^[0-9a-f]{64}$/,
  t: /^\d{13}$/,
  _atr: /^[A-Za-z0-9_-]{16,64}$/,
  _step: /^[A-Za-z]{0,32}$/,
  _pay: /^[\x20-\x7e]{0,40}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
} as const satisfies Record<keyof SignatureParams, RegExp>;

/** The calls that must be signed (POST and PUT): paying, and every payment-strategy call but the failure log. */
export function isSignedPaymentCall(method: string, path: string): boolean {
  if (method !== 'POST' && method !== 'PUT') return false;
  const bare = path.replace(/^\/?(api\/)?/, '').replace(/\?.*$/, '');
  if (bare === 'paymentStrategy/failureLog') return false;
  return (
    bare === 'payment/create-order' ||
    bare === 'multicurrency/funnel-buy' ||
    bare === 'stripe/create-payment' ||
    /^(pacypay|oceanpayment|asiabill|payssion)(\/[A-Za-z0-9_-]+)+\/?$/.test(bare) ||
    /^paymentStrategy(\/[A-Za-z-]+)*$/.test(bare)
  );
}
