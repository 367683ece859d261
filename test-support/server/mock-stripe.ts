// A local stand-in for Stripe's API, for tests only: no network reaches Stripe from this machine, so the
// official SDK is pointed at this node:http server (host 127.0.0.1, its port, protocol http) and it
// answers with the JSON Stripe documents (https://docs.stripe.com/api) for the calls the shop makes:
//
//   POST /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/cancel,
//   POST /v1/refunds, POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
//   POST /v1/checkout/sessions/:id/expire
//
// Bodies are read as the SDK sends them (form-encoded, nested keys like metadata[order_number]). Like
// Stripe it needs a secret key, replays the first answer of an Idempotency-Key sent again with the same
// parameters and refuses the key with other parameters. It records every request (with its
// Idempotency-Key), and a test moves a payment as the shopper and the bank would (`pay`, `decline`,
// `completeSession`) and makes the event Stripe would send (`event`). Its wire format: mock-stripe-wire.ts.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_VERSION, id, invalid, missing, now, parseForm, StripeApiError, type Json } from './mock-stripe-wire';

export interface MockRequest {
  method: string;
  path: string;
  /** The form body (or the query of a GET), parsed into nested objects. */
  params: Json;
  idempotencyKey?: string;
  authorization?: string;
}

export interface MockStripe {
  host: string;
  port: number;
  protocol: 'http';
  requests: MockRequest[];
  intents: Map<string, Json>;
  sessions: Map<string, Json>;
  refunds: Json[];
  /** The shopper paid (card 4242, or `card`): the PaymentIntent succeeded. */
  pay(id: string, card?: { brand: string; last4: string }): Json;
  /** The issuer declined: requires_payment_method with last_payment_error. */
  decline(id: string, error: { code: string; decline_code?: string; message?: string }): Json;
  /** Any change to a PaymentIntent (status, last_payment_error, next_action…). */
  setIntent(id: string, changes: Json): Json;
  /** The shopper paid on Stripe's Checkout page (`paid: false`: a delayed method, still unpaid). */
  completeSession(id: string, options?: { paid?: boolean }): Json;
  /** The event Stripe would send about an object (https://docs.stripe.com/api/events/object). */
  event(type: string, object: Json): Json;
  close(): Promise<void>;
}

export async function startMockStripe(): Promise<MockStripe> {
  const requests: MockRequest[] = [];
  const intents = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const refunds: Json[] = [];
  const customers = new Map<string, Json>();
  /** Payment methods saved for future use (setup_future_usage): attached to their intent's customer. */
  const savedMethods = new Map<string, Json & { customer: string }>();
  const replies = new Map<string, { fingerprint: string; status: number; body: Json }>();

  function intentView(intent: Json, expand: unknown): Json {
    const expanded = Array.isArray(expand) ? expand : [];
    const method = intent.payment_method as Json | null;
    return { ...intent, payment_method: method && !expanded.includes('payment_method') ? method.id : method };
  }

  function createIntent(params: Json): Json {
    const amount = Number(params.amount);
    if (!params.amount) throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    if (!Number.isInteger(amount) || amount < 1)
      throw invalid('This value must be greater than or equal to 1.', { code: 'amount_too_small', param: 'amount' });
    if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency))
      throw invalid('Invalid currency.', { code: 'parameter_invalid_string', param: 'currency' });
    const piId = id('pi');
    const automatic = params.automatic_payment_methods as Json | undefined;
    const customer = typeof params.customer === 'string' ? params.customer : null;
    if (customer && !customers.has(customer)) throw missing('customer', customer);
    // Off session with a saved payment method and confirm=true: charged at once, no shopper there.
    let confirmed: Json = {};
    if (params.confirm === 'true' && typeof params.payment_method === 'string') {
      const method = savedMethods.get(params.payment_method);
      if (!method)
        throw invalid(`No such PaymentMethod: '${params.payment_method}'`, { code: 'resource_missing', param: 'payment_method' });
      if (method.customer !== customer)
        throw invalid('The provided PaymentMethod was previously used without being attached to a Customer.', {
          param: 'payment_method',
        });
      const { customer: _owner, ...pm } = method;
      confirmed = { status: 'succeeded', amount_received: amount, latest_charge: id('ch'), payment_method: pm };
    }
    const intent: Json = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: automatic ? { allow_redirects: 'always', enabled: automatic.enabled === 'true' } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: params.currency,
      customer,
      setup_future_usage: (params.setup_future_usage as string | undefined) ?? null,
      description: (params.description as string | undefined) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: (params.metadata as Json | undefined) ?? {},
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: null,
      status: 'requires_payment_method',
      ...confirmed,
    };
    intents.set(piId, intent);
    return intent;
  }

  function intentOf(piId: string): Json {
    const intent = intents.get(piId);
    if (!intent) throw missing('payment_intent', piId);
    return intent;
  }

  function sessionOf(csId: string): Json {
    const session = sessions.get(csId);
    if (!session) throw missing('checkout.session', csId);
    return session;
  }

  function createSession(params: Json): Json {
    if (params.mode !== 'payment') throw invalid('Only payment mode is answered here.', { param: 'mode' });
    if (typeof params.success_url !== 'string') throw invalid('Missing required param: success_url.', { param: 'success_url' });
    const lines = (params.line_items as Json[] | undefined) ?? [];
    const total = lines.reduce((sum, line) => {
      const price = line.price_data as Json;
      return sum + Number(price.unit_amount) * Number(line.quantity ?? 1);
    }, 0);
    const csId = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: Json = {
      id: csId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency: (lines[0]?.price_data as Json | undefined)?.currency ?? null,
      customer_email: params.customer_email ?? null,
      expires_at: params.expires_at ? Number(params.expires_at) : now() + 24 * 3600,
      livemode: false,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      url: `https://checkout.stripe.com/c/pay/${csId}`,
    };
    sessions.set(csId, session);
    (session as { _intentMetadata?: unknown })._intentMetadata = (params.payment_intent_data as Json | undefined)?.metadata ?? {};
    return session;
  }

  const sessionView = (session: Json): Json => {
    const { _intentMetadata: _, ...view } = session as Json & { _intentMetadata?: unknown };
    return view;
  };

  function refund(params: Json): Json {
    const intent = intentOf(String(params.payment_intent ?? ''));
    if (intent.status !== 'succeeded')
      throw invalid(`This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    const already = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + Number(r.amount), 0);
    const amount = params.amount === undefined ? Number(intent.amount_received) - already : Number(params.amount);
    if (amount > Number(intent.amount_received) - already)
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge.`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    const made: Json = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      metadata: {},
      payment_intent: intent.id,
      reason: null,
      status: 'succeeded',
    };
    refunds.push(made);
    return made;
  }

  function route(method: string, path: string, params: Json): Json {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: params.email ?? null, metadata: params.metadata ?? {} };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/)))
      return intentView(intentOf(m[1]!), params.expand);
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      const intent = intentOf(m[1]!);
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          { code: 'payment_intent_unexpected_state' },
        );
      Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: params.cancellation_reason ?? null });
      return intentView(intent, params.expand);
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    if (method === 'POST' && path === '/v1/checkout/sessions') return sessionView(createSession(params));
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) return sessionView(sessionOf(m[1]!));
    if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = sessionOf(m[1]!);
      if (session.status !== 'open')
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
        );
      Object.assign(session, { status: 'expired', url: null });
      return sessionView(session);
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://mock');
    const text = req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const params = parseForm(text);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const authorization = req.headers.authorization;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey, authorization });
    const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': id('req'),
        'Stripe-Version': API_VERSION,
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    if (!authorization?.startsWith('Bearer sk_test_'))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    const fingerprint = `${req.method} ${url.pathname} ${text}`;
    if (idempotencyKey && req.method === 'POST') {
      const seen = replies.get(idempotencyKey);
      if (seen && seen.fingerprint !== fingerprint)
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      if (seen) return send(seen.status, seen.body, { 'Idempotent-Replayed': 'true' });
    }
    let status = 200;
    let body: Json;
    try {
      body = route(req.method ?? 'GET', url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    if (idempotencyKey && req.method === 'POST' && status < 500) replies.set(idempotencyKey, { fingerprint, status, body });
    send(status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const setIntent = (piId: string, changes: Json) => Object.assign(intentOf(piId), changes);
  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    requests,
    intents,
    sessions,
    refunds,
    setIntent,
    pay: (piId, card = { brand: 'visa', last4: '4242' }) => {
      const intent = intentOf(piId);
      const method = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030, funding: 'credit', country: 'US' },
      };
      // Saved for future use: attached to the intent's customer, as Stripe does on success.
      if (intent.setup_future_usage && typeof intent.customer === 'string')
        savedMethods.set(method.id, { ...method, customer: intent.customer });
      return setIntent(piId, {
        status: 'succeeded',
        amount_received: intent.amount,
        last_payment_error: null,
        latest_charge: id('ch'),
        payment_method: method,
      });
    },
    decline: (piId, error) =>
      setIntent(piId, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: error.code,
          ...(error.decline_code ? { decline_code: error.decline_code } : {}),
          message: error.message ?? 'Your card was declined.',
          doc_url: `https://docs.stripe.com/error-codes/${error.code.replace(/_/g, '-')}`,
        },
      }),
    completeSession(csId, { paid = true } = {}) {
      const session = sessionOf(csId);
      const intent = createIntent({
        amount: String(session.amount_total),
        currency: String(session.currency),
        metadata: (session as { _intentMetadata?: Json })._intentMetadata ?? {},
      });
      if (paid) {
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: id('ch') });
      } else {
        Object.assign(intent, { status: 'processing' });
      }
      Object.assign(session, {
        status: 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        payment_intent: intent.id,
        url: null,
      });
      return sessionView(session);
    },
    event: (type, object) => ({
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps its connections alive.
        server.closeAllConnections();
      }),
  };
}
