// The commerce services of one app: each holds its own short-lived caches over one database.
import type { Db } from '../db/connect';
import { cacheGroup } from './cache';
import { createCarts } from './cart';
import { createCustomers } from './customers';
import type { SendAccountMail } from './customers/account-mail';
import type { SendReturnMail } from './returns/return-status-mail';
import type { Provider } from '../payments/provider';
import { createCatalog } from './catalog/catalog';
import type { OfferedMethod } from '../payments/registry';
import { createCheckouts } from './checkout';
import { createOrders } from './orders';
import { createPromotions } from './catalog/promotions';
import { createReviews } from './catalog/reviews';
import { createFunnelEvents } from './funnels/funnel-events';
import { createFunnelStore } from './funnels/funnel-store';
import { createOffers } from './funnels/offers';
import { createAssignments } from './funnels/variants';
import { createFunnelLocations } from './funnels/funnel-locations';
import { createFunnelCheckouts } from './funnels/funnel-checkout';
import { createPageStore } from './pages/page-store';
import { createEvergreen } from './pages/evergreen';
import { createPaymentRequests } from './payment-requests';
import { createPricing } from './pricing/pricing';
import { createConsent } from './consent';
import { createReference } from './reference';
import { createRecovery } from './checkout/recover-checkout';
import { createSiteService } from './site';
import { createPasswordGate } from './site-access/password-gate';
import { createForms, type FormKeys } from './forms';
import { createAttribution } from './attribution';
import type { SendFormMail } from './forms/form-mail';
import { createLocalConversions } from './purchase-events/local-conversions';
import type { ConversionsProvider } from './purchase-events/provider';
import { createPurchaseEvents } from './purchase-events';
import { createMaps } from './maps';
import { createShopOffers } from './shop-offers/shop-offers';
import { createTriggerStore } from './shop-offers/trigger-store';

export interface CommerceOptions {
  /** How long a process may serve what it read before reading again (other processes' writes). */
  cacheTtlMs: number;
  /** The payment methods the shop offers (server/payments) and the shop's public origin. */
  payments: { method(code: string): Promise<OfferedMethod | undefined>; origin: string };
  /** The key funnel offers' tokens are signed with (funnels/offer-token.ts: derived from the merchant token). */
  offerKey: Buffer;
  /** Hands the customer accounts' mails to the app (none: they are not sent). */
  accountMail?: SendAccountMail;
  /** Runs the accounts' work that no answer waits for (the app keeps count of it, as of its mails). */
  background?: (task: () => Promise<void>) => void;
  /** Hands the mails of returns to the app (none: they are not sent). */
  returnMail?: SendReturnMail;
  /** A payment provider by its id (refunds of returns); none: returns cannot be refunded. */
  providerOf?: (id: string) => Provider | undefined;
  log?: (message: string, error?: unknown) => void;
  /** The ad platforms' conversions APIs (server purchase events); none: the local stand-in (no network). */
  conversions?: ConversionsProvider;
  /** The shopper's forms: their keys (derived from the merchant token), mails and the words of consent texts. */
  forms: { keys: FormKeys; mail?: SendFormMail; words: (locale: string, key: string) => string };
}

export function createCommerce(db: Db, options: CommerceOptions) {
  const caches = cacheGroup(options.cacheTtlMs);
  const site = createSiteService(db, caches);
  const catalog = createCatalog(db, caches);
  const promotions = createPromotions(db, catalog, caches);
  const reference = createReference(db, caches);
  const funnelEvents = createFunnelEvents(db, options.log);
  const pricing = createPricing(site);
  const pages = createPageStore(db, caches, site);
  const funnels = createFunnelStore(db, caches, pages, site);
  const assignments = createAssignments(db);
  const orders = createOrders(db, { promotions, reference, payments: options.payments, log: options.log });
  const funnelLocations = createFunnelLocations(db, { funnels, pages });
  const offers = createOffers(db, {
    key: options.offerKey,
    ...options.payments,
    events: funnelEvents,
    currency: (code) => pricing.currency(code),
    stampOf: assignments.stampOf,
  });
  const triggers = createTriggerStore(db, {
    pageOf: (handle) =>
      pages.renderable(handle).then(
        (r) => r.page,
        () => null,
      ),
    baseCurrency: async () => (await pricing.currency()).base,
  });
  const customers = createCustomers(db, {
    mail: options.accountMail ?? (() => {}),
    background: options.background,
    log: options.log,
    reference,
    readOrder: orders.get,
    returns: { providerOf: options.providerOf ?? (() => undefined), mail: options.returnMail ?? (() => {}), log: options.log },
  });
  return {
    /** The maps calls: address suggestions for the checkout, within the day's limits. */
    maps: createMaps(db, { reference, site, log: options.log }),
    /** Every read-through cache of this shop's services (cleared when another process changes the shop). */
    caches,
    site,
    /** Cookie consent: the categories, the defaults, each visitor's choice (issue 27). */
    consent: createConsent(db, site),
    /** The password page's check and its limit of wrong tries (spec sections 4 and 5). */
    passwordGate: createPasswordGate(db),
    pricing,
    catalog,
    reviews: createReviews(db, caches),
    promotions,
    reference,
    carts: createCarts(db, promotions),
    checkouts: createCheckouts(db, {
      promotions,
      reference,
      caches,
      // A funnel checkout's first contact and first way of shipping are its pixel events (spec spelling).
      onFirst: async (what, row) => {
        if (row.funnelId === null || row.funnelStep === null) return;
        await funnelEvents.record({
          funnelId: row.funnelId,
          stepId: row.funnelStep,
          variant: row.variant,
          visitorId: row.visitorId,
          type: what === 'contact' ? 'AddContactInfo' : 'AddShipppingInfo',
        });
      },
    }),
    recovery: createRecovery(db),
    orders,
    /** Server-side purchase events: the outbox's sender, the orders' logs, the merchant's list. */
    purchaseEvents: createPurchaseEvents(db, {
      reference,
      provider: options.conversions ?? createLocalConversions(),
      log: options.log,
    }),
    pages,
    funnels,
    funnelCheckouts: createFunnelCheckouts(db, { funnels, pages, assignments }),
    assignments,
    funnelLocations,
    /** The evergreen countdowns' per-visitor deadlines. */
    evergreen: createEvergreen(db, pages),
    funnelEvents,
    offers,
    /** The merchant's checkout triggers: which shop orders lead to which offers after their checkout. */
    triggers,
    /** The one-click offers after the shop's own checkout (on the offer engine of the funnels). */
    shopOffers: createShopOffers(db, {
      offers,
      triggers,
      currency: (code) => pricing.currency(code),
      funnelOffer: async (token, type) => (await funnelLocations.afterOrder(token, type)).path,
    }),
    paymentRequests: createPaymentRequests(db),
    /** Campaign attribution: visitors' first and last campaign touches, and the merchant's report. */
    attribution: createAttribution(db),
    customers,
    /** Contact messages, feedback and the newsletter, with their anti-bot checks. */
    forms: createForms(db, {
      keys: options.forms.keys,
      proofs: customers.proofs,
      mail: options.forms.mail ?? (() => {}),
      background:
        options.background ?? ((task) => void task().catch((error: unknown) => options.log?.('a form task failed', error))),
      words: options.forms.words,
      log: options.log,
    }),
  };
}

export type Commerce = ReturnType<typeof createCommerce>;
