import { useEffect, useId, useState } from 'react';
import type { Checkout, CheckoutItem, Money as MoneyValue } from '../../../schemas/generated/api';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { Price } from '../Price';
import { Thumbnail } from '../Thumbnail';
import { Deferred } from './Deferred';

/** The discount code form arrives after the page shows (its place is kept, so nothing moves). */
const loadDiscountCode = () => import('./DiscountCode').then((m) => m.DiscountCode);

/**
 * The order summary of every checkout style: lines, discount code and the server's totals, updated
 * with each answer. Below 1024 px it folds behind "Show order summary" (with the total on the button).
 */
export function OrderSummary({ showLines = true, nextStep = true }: { showLines?: boolean; nextStep?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { checkout, saving, couponRemoved } = useCheckout();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  // A code taken off changes the total: on a phone the folded summary opens to say which and why.
  useEffect(() => {
    if (couponRemoved) setOpen(true);
  }, [couponRemoved]);
  return (
    <aside className="checkout-summary" aria-labelledby={`${bodyId}-title`}>
      <h2 className="visually-hidden" id={`${bodyId}-title`}>
        {t('checkout.summary.title')}
      </h2>
      <button
        type="button"
        className="checkout-summary__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{open ? t('checkout.summary.hide') : t('checkout.summary.show')}</span>
        <span className="checkout-summary__toggle-total">{money(checkout.totals.totalPrice, { zeroIsFree: false })}</span>
      </button>
      <div className={`checkout-summary__body${open ? ' is-open' : ''}`} id={bodyId}>
        {showLines ? (
          <ul className="summary-lines">
            {checkout.lines.map((line) => (
              <SummaryLine key={`${line.skuId}-${line.gift}`} line={line} />
            ))}
          </ul>
        ) : null}
        <Deferred load={loadDiscountCode} props={{}} fallback={<div className="discount-code discount-code--pending" />} />
        <Totals checkout={checkout} busy={saving} nextStep={nextStep} />
      </div>
    </aside>
  );
}

function SummaryLine({ line }: { line: CheckoutItem }) {
  const { t } = useTranslation();
  return (
    <li className="summary-line">
      <span className="summary-line__image">
        {line.image ? <Thumbnail image={line.image} /> : null}
        <span className="summary-line__quantity" aria-hidden="true">
          {line.quantity}
        </span>
      </span>
      <span className="summary-line__text">
        <span className="summary-line__title">{line.title}</span>
        {line.options.length ? (
          <span className="summary-line__options">{line.options.map((o) => `${o.name}: ${o.value}`).join(' · ')}</span>
        ) : null}
        <span className="summary-line__options">{t('checkout.summary.quantity', { quantity: line.quantity })}</span>
        {line.gift ? <span className="summary-line__options">{t('checkout.summary.gift')}</span> : null}
      </span>
      <Price
        className="summary-line__total"
        price={line.discountedTotal}
        compareAtPrice={line.discount.amount > 0 ? line.lineTotal : null}
      />
    </li>
  );
}

/**
 * Shipping not chosen yet: priced at the next step of a multi-step checkout; a one-page checkout has no
 * next step, so it says what the shopper does on this page to see it.
 */
function shippingPending(checkout: Checkout, nextStep: boolean) {
  if (nextStep) return 'checkout.summary.shippingLater';
  return checkout.shippingAddress ? 'checkout.summary.shippingChoose' : 'checkout.summary.shippingEnterAddress';
}

function Totals({ checkout, busy, nextStep }: { checkout: Checkout; busy: boolean; nextStep: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const totals = checkout.totals;
  const row = (label: string, value: MoneyValue, options: { minus?: boolean; className?: string } = {}) => (
    <div className={options.className}>
      <dt>{label}</dt>
      <dd>
        {options.minus ? '−' : ''}
        {money(value, { zeroIsFree: false })}
      </dd>
    </div>
  );
  return (
    <>
      <dl className="summary-totals" aria-busy={busy}>
        {row(t('checkout.summary.subtotal'), totals.totalLineItemsPrice)}
        {totals.totalPromotion.amount > 0 ? row(t('checkout.summary.promotion'), totals.totalPromotion, { minus: true }) : null}
        {totals.totalCoupon.amount > 0 ? row(t('checkout.summary.discount'), totals.totalCoupon, { minus: true }) : null}
        <div>
          <dt>{t('checkout.summary.shipping')}</dt>
          <dd>
            {checkout.shippingTemplateId === null ? t(shippingPending(checkout, nextStep)) : money(totals.totalShippingPrice)}
          </dd>
        </div>
        {checkout.insurance ? row(t('checkout.summary.insurance'), totals.shippingInsurancePrice) : null}
        {totals.tipPrice.amount > 0 ? row(t('checkout.summary.tip'), totals.tipPrice) : null}
        {row(t('checkout.summary.total'), totals.totalPrice, { className: 'summary-totals__total' })}
      </dl>
      <p className="visually-hidden" aria-live="polite">
        {busy
          ? t('checkout.summary.updating')
          : t('checkout.summary.totalNow', { total: money(totals.totalPrice, { zeroIsFree: false }) })}
      </p>
    </>
  );
}
