// Failed (spec section 4): the code's message (spec section 8) and, while the order can still be paid,
// the way back to the checkout's payment step. 5008: the time to pay ran out, so no retry. A rejected
// wallet reopens by itself after 10 seconds (WalletReopen).
import type { OrderStatus } from '../../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { PaymentStepLink } from '../../../ui/payment/PaymentStepLink';
import { WalletReopen } from '../../../ui/payment/WalletReopen';
import { ResultFrame } from './ResultFrame';

/** Spec section 8: the order's time to pay is over. */
const PAYMENT_PERIOD_EXPIRED = 5008;

export function FailedResult({ status, failureKey }: { status: OrderStatus; failureKey: string | null }) {
  const { t } = useTranslation();
  const payment = status.payment;
  const expired = payment?.code === PAYMENT_PERIOD_EXPIRED;
  const payable = !expired && status.checkoutToken !== null;
  if (payable && payment?.reason === 'walletRejected')
    return (
      <ResultFrame kind="failed" title={t('paymentResult.failed.title')} number={status.number}>
        <WalletReopen checkoutToken={status.checkoutToken!} method={payment.method} />
      </ResultFrame>
    );
  return (
    <ResultFrame
      kind="failed"
      title={t(expired ? 'paymentResult.failed.expiredTitle' : 'paymentResult.failed.title')}
      number={status.number}
      actions={
        payable && (
          <PaymentStepLink checkoutToken={status.checkoutToken!} className="button">
            {t('paymentResult.failed.tryAnother')}
          </PaymentStepLink>
        )
      }
    >
      <p className="payment-result__message">{failureKey ? t(failureKey) : t('errors.paymentFailed')}</p>
    </ResultFrame>
  );
}
