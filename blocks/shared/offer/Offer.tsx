import { trackShopEvent } from '../../../renderer/tracking/shop-events';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import type { FunnelOffer } from '../../../schemas/generated/api';
import { errorMessage } from '../../../renderer/api/error-message';
import { useLocalized } from '../../../renderer/i18n/use-localized';
import { useTranslation } from 'react-i18next';
import { useFunnelStep } from '../../../renderer/state/funnel-step';
import { useRenderTime } from '../../../renderer/state/render-time';
import { Price } from '../../../renderer/ui/Price';
import { ResponsiveImage } from '../../../renderer/ui/ResponsiveImage';
import { clockOffset, timeLeft } from '../time-left';
import type { BlockProps, SettingsOf } from '../../types';
import './offer.css';

const OfferSheet = lazy(() => import('./OfferSheet'));

/** Where an answer sends the shopper: a page of the shop, or a provider's page (a full page load). */
const isProviderPage = (href: string) => /^https?:\/\//.test(href) || href.startsWith('/api/');

/** mm:ss (h:mm:ss past an hour) left until the deadline, by the server's clock. */
function useTimeLeft(expiresAt: string) {
  const serverNow = useRenderTime();
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const offset = clockOffset(serverNow, Date.now());
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [serverNow]);
  const left = timeLeft(deadline, now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = left.days * 24 + left.hours;
  return {
    ended: left.ended,
    text: hours ? `${hours}:${pad(left.minutes)}:${pad(left.seconds)}` : `${pad(left.minutes)}:${pad(left.seconds)}`,
  };
}

/**
 * A one-click offer (upsell or downsell): the product at its offer price, the time left, "pay now"
 * and "no thanks". Both are plain forms posted to the shop (they work without JavaScript: the server
 * answers with a redirect); with JavaScript the answer is fetched and followed without a page load. The
 * server charges the main order's payment; a second click, a refresh or the back button replays the
 * first answer. Outside a funnel's offer step (a page previewed alone) the block says what it will show.
 */
export default function Offer({ settings }: BlockProps<SettingsOf<'upsell'>>) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const step = useFunnelStep();
  const offer = step?.offer;
  if (!offer) {
    return (
      <section className="offer offer--sample">
        <h2>{localized(settings.heading) || t('blocks.shared.offer.title')}</h2>
        <p>{t('blocks.shared.offer.outside')}</p>
      </section>
    );
  }
  // One offer's state (its size chosen, its sheet) never carries over to the next offer step.
  return <ShownOffer key={offer.token} offer={offer} settings={settings} />;
}

function ShownOffer({ offer, settings }: { offer: FunnelOffer; settings: SettingsOf<'upsell'> }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);
  const time = useTimeLeft(offer.expiresAt);
  const failedCode = useFailedCode();

  const [sheetOpen, setSheetOpen] = useState(false);
  // The size or colour the buyer takes (the server holds the first in stock until they choose another).
  const [skuId, setSkuId] = useState(offer.skuId);
  const chosen = offer.skus?.find((s) => s.id === skuId);
  const price = chosen?.price ?? offer.price;
  const compareAtPrice = chosen ? (chosen.compareAtPrice ?? null) : offer.compareAtPrice;
  const image = chosen?.image ?? offer.product.image;

  /** Sends the answer and follows it; rejects with what went wrong (shown by the caller). */
  async function send(decision: 'accept' | 'decline', paymentToken?: string) {
    try {
      const chosenSku = decision === 'accept' && skuId && skuId !== offer.skuId ? { skuId } : {};
      // An offer after the shop's own checkout is answered with the signed payment-strategy calls.
      const answered =
        offer.source === 'shop'
          ? decision === 'accept'
            ? await api.payments.acceptOffer({ token: offer.token, ...(paymentToken ? { paymentToken } : {}), ...chosenSku })
            : await api.payments.declineOffer(offer.token)
          : await api.funnel.answerOffer({
              token: offer.token,
              decision,
              ...(paymentToken ? { paymentToken } : {}),
              ...chosenSku,
            });
      // Told once the shop took the answer (a refused one may be sent again).
      trackShopEvent({
        name: decision === 'accept' ? 'UpsellYes' : 'UpsellNo',
        offerId: offer.token,
        currency: price.currencyCode,
        value: price.amount * offer.quantity,
        items: [],
      });
      if (isProviderPage(answered.next)) window.location.assign(answered.next);
      else await navigate({ href: answered.next });
    } catch (error) {
      const next = (error as { data?: { next?: unknown } }).data?.next;
      if (typeof next === 'string') return void (await navigate({ href: next }));
      throw error;
    }
  }

  async function answer(event: FormEvent, decision: 'accept' | 'decline') {
    event.preventDefault();
    if (sending.current) return;
    setFailure(null);
    // A sheet wallet (Google Pay, Apple Pay): its sheet opens, and one tap there approves this payment.
    if (decision === 'accept' && offer.path === 'sheet' && offer.method) return setSheetOpen(true);
    sending.current = true;
    setBusy(decision);
    try {
      await send(decision);
    } catch (error) {
      setFailure(await errorMessage(error, t));
    } finally {
      sending.current = false;
      setBusy(null);
    }
  }

  const headingId = `offer-${offer.stepId}`;
  return (
    <section className="offer" aria-labelledby={headingId}>
      <h2 id={headingId}>{localized(settings.heading) || t('blocks.shared.offer.title')}</h2>
      {settings.text ? <p className="offer__text">{localized(settings.text)}</p> : null}
      <div className="offer__product">
        {image ? (
          <ResponsiveImage
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            sizes="(min-width: 768px) 320px, 90vw"
          />
        ) : null}
        <div className="offer__facts">
          <h3>{offer.product.title}</h3>
          {offer.product.variant && !offer.skus ? <p className="offer__variant">{offer.product.variant}</p> : null}
          <Price price={price} compareAtPrice={compareAtPrice} discountPercent={offer.discountPercent || null} />
          {offer.couponCode ? (
            <p className="offer__coupon">{t('blocks.shared.offer.coupon', { code: offer.couponCode })}</p>
          ) : null}
          {settings.showCountdown ? (
            <p className="offer__time" role="timer" aria-live="off">
              {time.ended ? t('blocks.shared.offer.ended') : t('blocks.shared.offer.endsIn', { time: time.text })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="offer__answers">
        <form method="post" action="/api/multicurrency/upsell" onSubmit={(e) => void answer(e, 'accept')}>
          <input type="hidden" name="token" value={offer.token} />
          <input type="hidden" name="decision" value="accept" />
          {offer.skus ? (
            // Sizes or colours: the one taken (a plain select, posted with the form without JavaScript).
            <div className="offer__choice">
              <label htmlFor={`${headingId}-sku`}>{t('blocks.shared.offer.variant')}</label>
              <select
                id={`${headingId}-sku`}
                name="skuId"
                value={skuId}
                disabled={busy !== null}
                onChange={(e) => setSkuId(Number(e.target.value))}
              >
                {offer.skus.map((s) => (
                  <option key={s.id} value={s.id} disabled={!s.available}>
                    {s.variant}
                    {s.available ? '' : ` (${t('blocks.shared.offer.soldOut')})`}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button
            type="submit"
            className="button button--wide"
            disabled={busy !== null || time.ended}
            aria-busy={busy === 'accept'}
          >
            {busy === 'accept'
              ? t('blocks.shared.offer.paying')
              : localized(settings.acceptLabel) || t('blocks.shared.offer.accept')}
          </button>
        </form>
        <p className="offer__note">
          {t(
            offer.path === 'redirect'
              ? 'blocks.shared.offer.noteRedirect'
              : offer.path === 'add'
                ? 'blocks.shared.offer.noteAdd'
                : 'blocks.shared.offer.noteCharge',
          )}
        </p>
        <form method="post" action="/api/multicurrency/upsell" onSubmit={(e) => void answer(e, 'decline')}>
          <input type="hidden" name="token" value={offer.token} />
          <input type="hidden" name="decision" value="decline" />
          <button type="submit" className="offer__decline" disabled={busy !== null}>
            {localized(settings.declineLabel) || t('blocks.shared.offer.decline')}
          </button>
        </form>
      </div>
      <p className="offer__confirmation">
        {/* Spec: the offer's page lets the buyer see the confirmation of the order they just placed. */}
        <a href={`/thankyou/${offer.orderToken}`} target="_blank" rel="noopener">
          {t('blocks.shared.offer.viewConfirmation')}
        </a>
      </p>
      <div className="offer__failure" role="alert">
        {failure ? <p>{failure}</p> : failedCode ? <p>{t('blocks.shared.offer.failed')}</p> : null}
      </div>
      {sheetOpen ? (
        <Suspense fallback={null}>
          <OfferSheet
            offer={offer}
            price={price}
            variant={chosen?.variant ?? offer.product.variant}
            onApproved={(paymentToken) => send('accept', paymentToken)}
            onClose={() => setSheetOpen(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The code a form answer was refused with (`?failed=`, no JavaScript). */
function useFailedCode(): number | null {
  const { location } = useRouter().state;
  const failed = (location.search as { failed?: unknown }).failed;
  return typeof failed === 'number' ? failed : null;
}
