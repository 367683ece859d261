// The API client's payment calls: the shop's methods, placing and paying an order (signed), the providers'
// own steps (test card, PacyPay, AsiaBill, the test wallet, iDEAL), express checkout, and one-click offers
// after the shop's checkout.
import type {
  AsiabillChargeRequest,
  CardTokenRequest,
  CheckoutAddress,
  ShopOfferAcceptRequest,
} from '../../schemas/generated/api';
import type { Answer, BodyOf } from './call-types';
import type { Transport } from './transport';

/** The data and bodies of some calls, by the names the renderer knows them by. */
type CreateOrderRequest = BodyOf<'post /payment/create-order'>;
type PaymentResumeRequest = BodyOf<'put /paymentStrategy'>;
type ExpressShippingInfoRequest = BodyOf<'post /paymentStrategy/{paymentMethod}/shippingInfo'>;

/** What the test wallet's sheet hands the shop (server/payments/simulated/wallet/provider.ts). */
export interface WalletSheet {
  token: string;
  paymentMethodCode: string;
  email: string;
  address: CheckoutAddress;
}

export function paymentCalls({ call, client, common, memo, post, send, signed, path }: Transport) {
  type PaymentMethodList = Answer<'get /payment-methods/list'>;
  async function paymentMethods(): Promise<PaymentMethodList> {
    // The shop's methods are the same for every visitor of a locale: kept like other reads (server).
    return memo ? (memo('payment-methods/list', listPaymentMethods) as Promise<PaymentMethodList>) : listPaymentMethods();
  }
  async function listPaymentMethods(): Promise<PaymentMethodList> {
    try {
      const response = await (await client())('payment-methods/list', { searchParams: { ...common } });
      const body = await response.json<PaymentMethodList>();
      return body.success ? body : { success: false, result: [] };
    } catch {
      return { success: false, result: [] };
    }
  }
  return {
    /** The spec's own shape, not the envelope: on failure both lists are empty. */
    methods: () => paymentMethods(),
    /** The test card provider's own endpoint: the card goes there, never to the order API. */
    tokenizeCard: (card: CardTokenRequest) =>
      post<'post /payment-providers/test-card/tokens'>('payment-providers/test-card/tokens', card),
    /** Places the checkout's order (or takes the one waiting) and pays it; a decline throws its 800xx code. */
    createOrder: (request: CreateOrderRequest) => signed<'post /payment/create-order'>('post', 'payment/create-order', request),
    /** The same with a PacyPay method (spec: pacypay/create-order): `next` is PacyPay's hosted page. */
    pacypayOrder: (request: CreateOrderRequest) =>
      signed<'post /pacypay/create-order'>('post', 'pacypay/create-order', {
        checkoutToken: request.checkoutToken,
        paymentMethodCode: request.paymentMethodCode,
        idempotencyKey: request.idempotencyKey,
        ...(request.saveAddress ? { saveAddress: true } : {}),
      }),
    /** AsiaBill's hosted fields: a session for the checkout's card form, the card sent to AsiaBill's endpoint, the charge. */
    asiabill: {
      session: (checkoutToken: string) =>
        signed<'post /asiabill/sessionToken'>('post', 'asiabill/sessionToken', { checkoutToken }),
      card: (sessionToken: string, card: CardTokenRequest) =>
        post<'post /payment-providers/asiabill/sessions/{sessionToken}/card'>(
          `payment-providers/asiabill/sessions/${path(sessionToken)}/card`,
          card,
        ),
      charge: (request: AsiabillChargeRequest) =>
        signed<'post /asiabill/confirmCharge'>('post', 'asiabill/confirmCharge', request),
    },
    /** The same for a funnel's checkout (spec: funnel-buy): paid, the shopper goes on to the funnel's next step. */
    funnelBuy: (request: CreateOrderRequest) =>
      signed<'post /multicurrency/funnel-buy'>('post', 'multicurrency/funnel-buy', request),
    /** Back from a provider's page (or asking again): how the order's payment stands, and where to go. */
    confirm: (orderToken: string, step = 'return') =>
      signed<'post /paymentStrategy/confirm'>('post', 'paymentStrategy/confirm', { orderToken }, step),
    threeDs: (orderToken: string) =>
      signed<'post /paymentStrategy/threeDs'>('post', 'paymentStrategy/threeDs', { orderToken }, 'threeDs'),
    /** The shopper gave up at the provider: the order stays payable. */
    cancel: (orderToken: string) =>
      signed<'post /paymentStrategy/cancel'>('post', 'paymentStrategy/cancel', { orderToken }, 'return'),
    /** A provider's script in the browser failed the payment with a code of spec section 8. */
    fail: (orderToken: string, code: number, message?: string) =>
      signed<'post /paymentStrategy/failure'>(
        'post',
        'paymentStrategy/failure',
        { orderToken, code, ...(message ? { message } : {}) },
        'return',
      ),
    /** Goes on after a shop page: the address confirmed or completed, or the new shipping accepted. */
    resume: (request: PaymentResumeRequest) => signed<'put /paymentStrategy'>('put', 'paymentStrategy', request, 'return'),
    /** Express checkout: the wallet's address and e-mail saved, the cheapest shipping there chosen; the checkout priced. */
    shippingInfo: (paymentMethod: string, request: ExpressShippingInfoRequest) =>
      signed<'post /paymentStrategy/{paymentMethod}/shippingInfo'>(
        'post',
        `paymentStrategy/${path(paymentMethod)}/shippingInfo`,
        request,
        'express',
      ),
    /**
     * The test wallet's payment sheet (its provider's own route, not one of the API's calls): its
     * account's e-mail and address, and a one-time approval token for the method.
     */
    walletSheet: (paymentMethodCode: string) =>
      call<WalletSheet>('post', 'payment-providers/test-wallet/sheet', {}, { paymentMethodCode }),
    /** What a method takes for this checkout, and a pay-later method's plan. */
    prePay: (checkoutToken: string, paymentMethodCode: string) =>
      signed<'post /paymentStrategy/prePay'>('post', 'paymentStrategy/prePay', { checkoutToken, paymentMethodCode }),
    /** The banks an iDEAL payment is made with (its bank selection). */
    idealBanks: () => send<'get /paymentStrategy/airwallexIdealBanks'>('get', 'paymentStrategy/airwallexIdealBanks'),
    /** Pays a one-click offer after the shop's checkout with the main order's payment (spec: paymentStrategy/upsell). */
    acceptOffer: (request: ShopOfferAcceptRequest) =>
      signed<'post /paymentStrategy/upsell'>('post', 'paymentStrategy/upsell', request, 'upsell'),
    /** Declines it (spec: paymentStrategy/cancelUpsell): its held stock goes back. */
    declineOffer: (token: string) =>
      signed<'post /paymentStrategy/cancelUpsell'>('post', 'paymentStrategy/cancelUpsell', { token }, 'upsell'),
    /** Logs a failure of the browser's payment code on the server; never throws. */
    logFailure: (payload: Record<string, unknown>, type: 'error' | 'warn' | 'info' = 'error') =>
      post<'post /paymentStrategy/failureLog'>('paymentStrategy/failureLog', { type, payload }).catch(() => null),
  };
}
