// Canceled by the customer (spec section 4): the shopper left the provider's page without paying. The
// order stays payable: try again goes back to the checkout's payment step.
import type { OrderStatus } from '../../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { PaymentStepLink } from '../../../ui/payment/PaymentStepLink';
import { ResultFrame } from './ResultFrame';

export function CanceledResult({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <ResultFrame
      kind="canceled"
      title={t('paymentResult.canceled.title')}
      number={status.number}
      actions={
        status.checkoutToken && (
          <PaymentStepLink checkoutToken={status.checkoutToken} className="button">
            {t('paymentResult.canceled.tryAgain')}
          </PaymentStepLink>
        )
      }
    >
      <p className="payment-result__message">{t('paymentResult.canceled.body')}</p>
    </ResultFrame>
  );
}
