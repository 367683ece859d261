// The buy box's pay-later note (spec section 9): "or 4 interest-free payments of €12.50 with Klarna",
// "Pay later with Zip: interest-free for 30 days", for each pay-later method the shop offers (their
// terms come with the method list, loaded with the page), computed from the price shown with the
// plan the checkout and the provider use (schemas/installments.ts).
import type { Money, PaymentMethod } from '../../../schemas/generated/api';
import { installmentPlan } from '../../../schemas/installments';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';

export function PayLaterNote({ methods, price }: { methods: PaymentMethod[]; price: Money }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!methods.length || price.amount <= 0) return null;
  return (
    <ul className="buy-box__pay-later">
      {methods.map((method) => {
        const plan = installmentPlan(price.amount, price.currencyCode, method.payLater ?? {});
        const [first, next] = plan.parts;
        const values = { method: method.name, count: plan.parts.length, amount: money((next ?? first)!.amount) };
        return (
          <li key={method.code}>
            {plan.kind === 'payLater'
              ? t('product.payLater.payLater', { method: method.name, count: plan.interestFreeDays ?? first!.dueInDays })
              : !next || first!.amount.amount === next.amount.amount
                ? t('product.payLater.installments', values)
                : t('product.payLater.installmentsFirst', { ...values, first: money(first!.amount) })}
          </li>
        );
      })}
    </ul>
  );
}
