// The pay-later plan in the checkout (spec section 9), for a method of the test pay-later provider:
// "4 interest-free payments" due today and in 2, 4 and 6 weeks, or "Pay €X in 30 days, interest-free".
// The server prices it (POST /api/paymentStrategy/prePay) from the checkout's total, asked again when
// that total changes (shipping, a tip, a coupon), so the plan shown is the one the provider charges.
import { useRouter } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import type { InstallmentPlan } from '../../../../schemas/generated/api';
import { useMoney } from '../../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../../state/checkout-store';
import { Loading } from '../../Loading';
import type { MethodPanelProps } from './method-panel';

/** When a part is due, in words: today, in N weeks (whole weeks), else in N days. */
function dueText(t: TFunction, days: number): string {
  if (days === 0) return t('checkout.payLater.today');
  if (days % 7 === 0) return t('checkout.payLater.inWeeks', { count: days / 7 });
  return t('checkout.payLater.inDays', { count: days });
}

export default function PayLaterPanel({ method, checkoutToken }: MethodPanelProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const { api } = useRouter().options.context;
  const total = useCheckout().checkout.totals.totalPrice;
  const [plan, setPlan] = useState<InstallmentPlan | null | 'failed'>(null);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    api.payments
      .prePay(checkoutToken, method.code)
      .then((answer) => live && setPlan(answer.plan ?? 'failed'))
      .catch(() => live && setPlan('failed'));
    return () => {
      live = false;
    };
  }, [api, checkoutToken, method.code, total.amount, total.currencyCode]);

  if (plan === null) return <Loading />;
  if (plan === 'failed') return <p className="checkout-note">{t('checkout.payLater.error')}</p>;
  const sum = { amount: plan.parts.reduce((a, p) => a + p.amount.amount, 0), currencyCode: plan.parts[0]!.amount.currencyCode };
  if (plan.kind === 'payLater')
    return (
      <div className="pay-later-plan" data-testid="pay-later-plan">
        <p className="pay-later-plan__title">
          {t('checkout.payLater.payLater', {
            amount: money(sum, { zeroIsFree: false }),
            count: plan.interestFreeDays ?? plan.parts[0]!.dueInDays,
          })}
        </p>
      </div>
    );
  return (
    <div className="pay-later-plan" data-testid="pay-later-plan">
      <p className="pay-later-plan__title" id={headingId}>
        {t('checkout.payLater.installments', { count: plan.parts.length })}
      </p>
      <ol className="pay-later-plan__parts" aria-labelledby={headingId}>
        {plan.parts.map((part, i) => (
          <li key={i}>
            <span>{dueText(t, part.dueInDays)}</span>
            <span>{money(part.amount, { zeroIsFree: false })}</span>
          </li>
        ))}
      </ol>
      <p className="checkout-note">{t('checkout.payLater.total', { amount: money(sum, { zeroIsFree: false }) })}</p>
    </div>
  );
}
