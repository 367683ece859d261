// createApp(deps): the whole shop as one Hono app (API, media, client assets, server-rendered pages),
// built from what it is handed (database, config): no globals, so tests build as many as they like
// and call them with app.request().
import { integrationOrigins } from './integrations/integration-origins';
import { createHmac } from 'node:crypto';
import { requestId } from 'hono/request-id';
import { timing } from 'hono/timing';
import { Hono } from 'hono';
import { createApi } from './api';
import { shopperContext } from './shopper-context';
import { localeAddresses, routingPath } from './locale-addresses';
import { pageViewRoutes } from './api/page-views';
import { NONCE_KEEP_MS } from './api/payment-signature';
import { clientFileRoutes } from './assets/client-files';
import { shopJobs } from './jobs/shop-jobs';
import { forgetOnChange } from './forget-on-change';
import { createInProcessApi, IN_PROCESS } from './ssr/in-process-api';
import { bodyLimits } from './api/body-limits';
import { errorResponse, requestIdOf } from './api/envelope';
import { mediaRoutes } from './assets/media';
import { createCommerce } from './commerce';
import type { ConversionsProvider } from './commerce/purchase-events/provider';
import { orderConfirmationMail } from './mail/order-confirmation';
import { accountMail } from './mail/account-mails';
import type { AccountMail } from './commerce/customers/account-mail';
import type { ReturnStatusMail } from './commerce/returns/return-status-mail';
import { returnMail } from './mail/return-mail';
import type { Mailer } from './mail/mailer';
import { createOrderNotifier } from './notifications';
import { createQuietTime } from './quiet-time';
import type { ProviderContext } from './payments/provider';
import { createPayments, type PaymentsOptions } from './payments/registry';
import { codes, ShopError } from './commerce/errors';
import { errorStatus } from '../schemas/generated/error-codes';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from './db/connect';
import { localChangeFeed, type ChangeFeed } from './db/change-feed';
import type { ClientAssets } from './ssr/client-assets';
import { fallbackPage } from './ssr/fallback-page';
import { createLocaleCatalog } from './ssr/messages';
import { previewKey } from './commerce/pages/preview-link';
import { offerKey } from './commerce/funnels/offer-token';
import { createPageViews } from './ssr/page-view';
import { gzipAnswers } from './gzip';
import { createPageCache } from './ssr/page-cache';
import { seoFileRoutes } from './ssr/seo-files';
import { publicOrigin } from './ssr/public-origin';
import { createPageRenderer } from './ssr/render-page';
import { createRenderCache } from './ssr/render-cache';
import { createLogger, logTo, scrubbedLog } from './log/logger';
import { createContentSecurityPolicy, hashSource, type ThirdPartiesAllowed } from './ssr/content-security-policy';
import { FALLBACK_STYLE } from './ssr/fallback-page';
import { GATEWAY_STYLE } from './payments/simulated/gateway/page';
import { securityHeaders } from './security-headers';
import { clientIpOf } from './client-ip';
import { siteGuard } from './site-guard';
import { overviewKey } from './commerce/site-access/overview-link';
import { healthRoutes } from './health';
import { formKeys } from './commerce/forms';
import type { FormMail } from './commerce/forms/form-mail';
import { formMail } from './mail/form-mails';
import { cdnPurge } from './cdn-purge';

export interface AppConfig {
  merchantToken: string;
  /**
   * The shop's public address (PUBLIC_URL), e.g. https://shop.example: every absolute address the shop
   * writes is made from it, never from request headers.
   */
  publicUrl: string;
  /** Where the shop's images are (served under /media). */
  mediaDir: string;
  /** The built client (dist/client), served under /assets; absent in development (Vite serves it). */
  clientDir?: string;
  clientAssets: ClientAssets;
  /** How long a process may serve what it read before reading again. */
  cacheTtlMs?: number;
  /** How long a rendered page is served again to anonymous visitors (0: render every request). */
  pageCacheTtlMs?: number;
  /**
   * `false`: no page is written from HTML or documents rendered for earlier requests (server/ssr/render-cache.ts),
   * every one rendered whole by React: what a cached page is compared with in tests.
   */
  renderCache?: boolean;
  /** How long a checkout with an email stays untouched before its one reminder goes out (60 minutes). */
  checkoutReminderAfterMs?: number;
  /** e2e builds only: lets ?__fault= break a loader or the error page. */
  faultInjection?: boolean;
  /** `npm run dev` (server/dev.ts): the pages' policy allows what Vite's client needs. */
  development?: boolean;
  /**
   * The third-party origins a visitor allowed (consent-gated scripts), added to the Content-Security-Policy
   * of pages that take no payment (server/ssr/content-security-policy.ts); none by default.
   */
  thirdParties?: ThirdPartiesAllowed;
  /**
   * The addresses of the reverse proxies in front of the shop (TRUSTED_PROXIES): only their
   * X-Forwarded-For is believed when the client's address is counted (failed sign-ins).
   */
  trustedProxies?: string[];
  /** The built-in test providers' timings and the test bank's webhook secret (server/payments/provider.ts). */
  testPayments?: Partial<ProviderContext['test']>;
  /** Where contact messages and feedback are mailed (MERCHANT_EMAIL); none: they are only kept. */
  merchantEmail?: string;
  /** Where a saved change asks a CDN to purge its copies (CDN_PURGE_URL, server/cdn-purge.ts); none: no purge. */
  cdnPurgeUrl?: string;
  /** The bearer token of that call (CDN_PURGE_TOKEN). */
  cdnPurgeToken?: string;
}

/**
 * The test providers' defaults: a processing card settles in 5 s, the test bank calls back after 10 s,
 * and its webhook secret is made from the merchant token (never a public constant, which would let anyone
 * confirm a test-bank payment; the same in every process of the shop).
 */
function testPaymentDefaults(merchantToken: string): ProviderContext['test'] {
  return {
    settleAfterMs: 5_000,
    bankWebhookAfterMs: 10_000,
    bankWebhookSecret: `whsec_${createHmac('sha256', merchantToken).update('vitrine test bank webhook').digest('hex')}`,
  };
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  log?: (message: string, error?: unknown) => void;
  /** Sends the shop's mail (order confirmations, checkout reminders); none: mail is not sent. */
  mailer?: Mailer;
  /** Payment providers besides the built-in test ones (Stripe, tests' own). */
  providers?: PaymentsOptions['providers'];
  /** The ad platforms' conversions APIs for server purchase events; none: the local stand-in (no network). */
  conversions?: ConversionsProvider;
  /**
   * How the shop's processes tell each other of a change (server/db/change-feed.ts); none: this process
   * is the only one (the embedded PGlite, tests of one app).
   */
  changes?: ChangeFeed;
}

export function createApp({ db, config, log: given, mailer, providers, conversions, changes = localChangeFeed() }: AppDeps) {
  // Every line the shop logs passes here, whichever log it was given (a test's too): no card number or
  // secret reaches it (server/log/scrub.ts). Without one, lines go to the server's one logger (pino).
  const log = scrubbedLog(given ?? logTo(createLogger()));
  const cacheTtlMs = config.cacheTtlMs ?? 2000;
  const shopOrigin = publicOrigin(config.publicUrl);
  // Pages are routed without their locale prefix (server/locale-addresses.ts).
  const app = new Hono({ getPath: routingPath });
  const locales = createLocaleCatalog((locale, key) => log(`missing translation: ${locale} ${key}`));
  const payments = createPayments(db, {
    providers,
    cacheTtlMs,
    // Read when the methods are listed (the site's cache), after the commerce services exist.
    narrowing: async () => (await commerce.site.get()).extDataMap.paymentCountries,
    context: {
      // A test provider calls the shop's webhook as a real one would, through the whole app (in process).
      deliverWebhook: async (provider, body, headers) => {
        const response = await app.fetch(
          new Request(`${shopOrigin.origin}/api/payment-providers/${provider}/webhook`, { method: 'POST', body, headers }),
          IN_PROCESS,
        );
        if (!response.ok) log(`the ${provider} webhook was answered ${response.status}`);
      },
      translate: (locale, key, options) => locales.translatorFor(locale).t(key, options),
      log,
      test: { ...testPaymentDefaults(config.merchantToken), ...config.testPayments },
    },
  });
  // The accounts' mails go out at once (someone waits for the link), and with the work that decides
  // them they run after the answer: a known and an unknown address answer in the same time. Tests and a
  // stopping server wait for them (mailSettled).
  const accountWork = new Set<Promise<void>>();
  const background = (task: () => Promise<void>) => {
    const running = task()
      .catch((error: unknown) => log('an account task failed', error))
      .finally(() => accountWork.delete(running));
    accountWork.add(running);
  };
  const sendAccountMail = (mail: AccountMail | ReturnStatusMail) =>
    background(async () => {
      if (!mailer) return;
      const site = await commerce.site.get();
      const options = { t: locales.translatorFor(mail.locale), shopName: site.name, publicUrl: shopOrigin.origin };
      await mailer.send(
        mail.kind === 'returnStatus' ? returnMail(mail, { ...options, currencies: site.currencies }) : accountMail(mail, options),
      );
    });
  // The shopper's forms' mails (docs/forms.md): the merchant's in the shop's language, the rest in the shopper's.
  const sendFormMail = (mail: FormMail) =>
    background(async () => {
      if (!mailer || (mail.to === 'merchant' && !config.merchantEmail)) return;
      const site = await commerce.site.get();
      const reader = mail.to === 'merchant' ? site.defaultLocale : mail.locale;
      const options = { t: locales.translatorFor(reader), shopName: site.name, publicUrl: shopOrigin.origin };
      await mailer.send(formMail(mail, { ...options, merchantEmail: config.merchantEmail ?? '' }));
    });
  const commerce = createCommerce(db, {
    forms: {
      keys: formKeys(config.merchantToken),
      mail: sendFormMail,
      words: (locale, key) => locales.translatorFor(locale).t(key),
    },
    accountMail: sendAccountMail,
    background,
    returnMail: sendAccountMail,
    providerOf: payments.provider,
    cacheTtlMs,
    payments: { method: payments.method, origin: shopOrigin.origin },
    offerKey: offerKey(config.merchantToken),
    conversions,
    log,
  });
  // What the renderer asked in the last moments: anonymous answers, the same for every visitor of a
  // locale and currency (server/ssr/in-process-api.ts), cleared on a save.
  const answers = commerce.caches.readThrough<{}>({ max: 5000 });
  const apiFor = createInProcessApi({
    appFetch: (request, env) => app.fetch(request, env),
    origin: shopOrigin.origin,
    commerce,
    pageViews: () => pageViews,
    answers,
  });
  const pageViews = createPageViews({
    commerce,
    apiFor,
    caches: commerce.caches,
    log,
    previewKey: previewKey(config.merchantToken),
  });
  const quiet = createQuietTime();
  const notifier = createOrderNotifier({
    commerce,
    mailer,
    whenQuiet: quiet.whenQuiet,
    afterConfirmation: (orderToken) => commerce.forms.newsletter.fromOrder(orderToken),
    confirmation: async (order) => {
      const site = await commerce.site.get();
      return orderConfirmationMail(order, {
        t: locales.translatorFor(order.locale),
        shopName: site.name,
        publicUrl: shopOrigin.origin,
        currencies: site.currencies,
      });
    },
    log,
  });

  app.use(quiet.middleware);
  // Before gzip: the headers go on the answer as sent. The renderer's in-process calls need none.
  const policy = createContentSecurityPolicy({
    origin: shopOrigin.origin,
    development: config.development,
    plainStyles: [hashSource(FALLBACK_STYLE), hashSource(GATEWAY_STYLE)],
    thirdParties: config.thirdParties ?? (async (_c, path) => integrationOrigins(await commerce.reference.apps(), path)),
  });
  const secured = securityHeaders({ publicUrl: config.publicUrl, policy });
  app.use((c, next) => (c.env === IN_PROCESS ? next() : secured(c, next)));
  app.use(timing({ crossOrigin: false }));
  app.use(requestId());
  app.use(bodyLimits());
  // Answers are gzipped in one go off the main thread (gzip.ts); static assets were compressed at build
  // time, rendered pages as they were rendered.
  const compressed = gzipAnswers();
  app.use((c, next) => (c.env === IN_PROCESS ? next() : compressed(c, next)));
  // One set of rules for who asks, for API calls and pages alike.
  const shopperRules = { commerce, translated: locales.available, origin: shopOrigin.origin };
  // The site's mode, its password gate and the merchant's redirects, for pages and API calls alike.
  const guardDeps = {
    commerce,
    merchantToken: config.merchantToken,
    previewKey: previewKey(config.merchantToken),
    overviewKey: overviewKey(config.merchantToken),
    secure: shopOrigin.origin.startsWith('https:'),
    translatorFor: locales.translatorFor,
    log,
  };
  app.route('/', healthRoutes(db));
  app.use('/api/*', siteGuard('api', guardDeps));
  app.use('/api/*', shopperContext(shopperRules, 'api'));
  app.route(
    '/api',
    createApi(
      {
        commerce,
        payments,
        origin: shopOrigin.origin,
        merchantToken: config.merchantToken,
        log,
        clientIp: clientIpOf(config.trustedProxies ?? []),
        onOrderPaid: notifier.orderPaid,
      },
      [pageViewRoutes(pageViews)],
    ),
  );
  // The page renderer below answers every other GET; unknown API calls still get the envelope.
  app.all('/api/*', (c) =>
    c.json({ code: codes.notFound, message: `There is no API call ${c.req.method} ${c.req.path}.`, data: null }, 404),
  );
  app.route('/', mediaRoutes({ mediaDir: config.mediaDir }));
  app.route('/', locales.routes());
  app.route('/', seoFileRoutes({ commerce, origin: shopOrigin.origin }));
  if (config.clientDir) app.route('/', clientFileRoutes(config.clientDir));
  const pageCache = createPageCache({ ttlMs: config.pageCacheTtlMs ?? cacheTtlMs, isShopHost: shopOrigin.isShopHost, log });
  const purge = config.cdnPurgeUrl ? cdnPurge({ url: config.cdnPurgeUrl, token: config.cdnPurgeToken, log }) : undefined;
  forgetOnChange({ commerce, pageCache, answers, changes, purge, log });
  const renderPage = createPageRenderer({
    pageCache,
    renderCache: createRenderCache({ enabled: config.renderCache ?? true }),
    site: () => commerce.site.get(),
    origin: shopOrigin.origin,
    locales,
    assets: config.clientAssets,
    apiFor,
    faultInjection: config.faultInjection ?? false,
    policy,
    log,
  });
  app.get(
    '*',
    localeAddresses({ site: () => commerce.site.get(), translated: locales.available }),
    siteGuard('page', guardDeps),
    shopperContext(shopperRules, 'page'),
    (c) => renderPage(c),
  );
  app.onError((error, c) => {
    if (c.req.path.startsWith('/api/')) return errorResponse(c, error, log);
    // Bad input outside the API (a body over the limit sent to a page's address) is the client's: its own
    // status and words, never the 500 page.
    if (error instanceof ShopError && errorStatus[error.error] < 500)
      return c.text(error.message, errorStatus[error.error] as ContentfulStatusCode);
    log(`${c.req.method} ${c.req.path} failed before its page could render (request ${requestIdOf(c)})`, error);
    return c.html(fallbackPage(error, requestIdOf(c), locales.translatorFor('en')), 500);
  });
  /** The jobs this shop runs on a timer (server/main.ts starts them; tests run them by hand). */
  const jobs = shopJobs({
    db,
    commerce,
    payments,
    mailer,
    checkoutReminderAfterMs: config.checkoutReminderAfterMs,
    publicUrl: shopOrigin.origin,
    translatorFor: locales.translatorFor,
    nonceKeepMs: NONCE_KEEP_MS,
    log,
  });
  return Object.assign(app, {
    commerce,
    jobs,
    /** The payment methods and providers (tests ask a simulated provider to notify). */
    payments,
    /** Resolves when every mail under way is sent (tests; a server that stops). */
    mailSettled: async () => {
      // Account work may start more (a mail after a look-up): wait until none is left.
      while (accountWork.size) await Promise.all(accountWork);
      await notifier.settled();
    },
  });
}

export type App = ReturnType<typeof createApp>;
