// The Stripe provider's own payment page (/api/payment-providers/stripe/pay/{paymentIntentId}): the
// Payment Element from Stripe.js for an element payment's PaymentIntent, in the shopper's language, and
// the page's Content-Security-Policy.
import type Stripe from 'stripe';
import type { ProviderContext } from '../provider';
import { returnPath } from '../provider';
import { escapeHtml, gatewayPage } from '../simulated/gateway/page';
import type { ShopMetadata, StripeSettings } from './settings';

/** Stripe.js's locale of a shop locale (Stripe names Chinese `zh`). */
const stripeJsLocale = (locale: string) => (locale === 'cn' ? 'zh' : locale);

const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** What the page is made with: the publishable key, the shop's words, the page's own address. */
export interface PaymentPageOptions {
  settings: Pick<StripeSettings, 'publishableKey'>;
  context: Pick<ProviderContext, 'translate'>;
  pagePath: (id: string) => string;
}

export function paymentPage(intent: Stripe.PaymentIntent, nonce: string, { settings, context, pagePath }: PaymentPageOptions) {
  const meta = intent.metadata as Partial<ShopMetadata>;
  const locale = meta.locale ?? 'en';
  const t = (key: string, options?: Record<string, string | number>) =>
    context.translate(locale, `provider.stripe.${key}`, options);
  const currency = intent.currency.toUpperCase();
  const amount = new Intl.NumberFormat(locale === 'cn' ? 'zh' : locale, { style: 'currency', currency }).format(
    intent.amount / 10 ** minorDigits(currency),
  );
  const config = {
    publishableKey: settings.publishableKey,
    clientSecret: intent.client_secret,
    locale: stripeJsLocale(locale),
    status: intent.status,
    returnUrl: `${meta.shop_origin ?? ''}${returnPath(meta.order_token ?? '')}`,
    words: { pay: t('pay', { amount }), paying: t('paying'), failed: t('failed') },
  };
  // JSON inside a script element: `<` written as an escape, so no text closes the element.
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return gatewayPage({
    lang: locale,
    title: t('title'),
    brand: t('brand'),
    body: `<h1>${escapeHtml(t('title'))}</h1>
<p>${escapeHtml(t('explain', { number: meta.order_number ?? '' }))}</p>
<p class="amount">${escapeHtml(amount)}</p>
<form id="payment-form" novalidate>
<div id="payment-element" aria-live="polite"><p id="payment-loading">${escapeHtml(t('loading'))}</p></div>
<p id="payment-message" role="alert" hidden></p>
<div class="actions"><button type="submit" id="payment-submit" disabled>${escapeHtml(t('pay', { amount }))}</button></div>
</form>
<form method="post" action="${escapeHtml(pagePath(intent.id))}/cancel"><div class="actions"><button type="submit" class="secondary">${escapeHtml(t('cancel'))}</button></div></form>
<noscript><p>${escapeHtml(t('noscript'))}</p></noscript>
<script src="https://js.stripe.com/v3" nonce="${nonce}"></script>
<script nonce="${nonce}">
(function () {
  var config = ${json};
  var message = document.getElementById('payment-message');
  var button = document.getElementById('payment-submit');
  function show(text) { message.textContent = text; message.hidden = false; }
  if (typeof Stripe !== 'function') { show(config.words.failed); return; }
  var stripe = Stripe(config.publishableKey, { locale: config.locale });
  if (config.status === 'requires_action') {
    stripe.handleNextAction({ clientSecret: config.clientSecret }).then(function () { window.location.href = config.returnUrl; });
  }
  var elements = stripe.elements({ clientSecret: config.clientSecret });
  var paymentElement = elements.create('payment');
  paymentElement.on('ready', function () {
    var loading = document.getElementById('payment-loading');
    if (loading) loading.remove();
    button.disabled = false;
  });
  paymentElement.mount('#payment-element');
  document.getElementById('payment-form').addEventListener('submit', function (event) {
    event.preventDefault();
    button.disabled = true;
    button.textContent = config.words.paying;
    message.hidden = true;
    stripe.confirmPayment({ elements: elements, confirmParams: { return_url: config.returnUrl } }).then(function (result) {
      // Reached only when Stripe answers at once (a declined card, a missing field): the page stays payable.
      var error = result.error;
      show(error && (error.type === 'card_error' || error.type === 'validation_error') && error.message ? error.message : config.words.failed);
      button.disabled = false;
      button.textContent = config.words.pay;
    });
  });
})();
</script>`,
  });
}

/** The page's Content-Security-Policy: Stripe.js and its frames (Stripe's documented list), nothing else. */
export const paymentPageCsp = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' https://js.stripe.com https://*.js.stripe.com`,
    "style-src 'self' 'unsafe-inline'",
    'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    'connect-src https://api.stripe.com https://*.stripe.com',
    "img-src 'self' data: https://*.stripe.com",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
