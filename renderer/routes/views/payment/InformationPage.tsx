// `/payment/information?order=`: the return address of every provider. It asks the server how the
// payment stands (which asks the provider) and replaces itself with where the payment leads: the
// thank-you page, a result page, or the provider's page again (a 3-D Secure step, a wallet).
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../../schemas/generated/api';
import { useGoTo } from '../../../ui/payment/go-to';
import { PaymentProgress } from '../../../ui/payment/PaymentProgress';
import { PaymentSummary } from '../../../ui/payment/PaymentSummary';
import { OrderMissing } from '../../../ui/payment/OrderMissing';

type State = { step: 'working' } | { step: 'missing' } | { step: 'problem'; message: string };

export function InformationPage({ order, summary }: { order: string; summary: Order | null }) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const goTo = useGoTo();
  const [state, setState] = useState<State>({ step: 'working' });
  const asked = useRef(false);

  const confirm = useCallback(async () => {
    setState({ step: 'working' });
    try {
      goTo((await api.payments.confirm(order)).next);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return setState({ step: 'missing' });
      setState({ step: 'problem', message: await errorMessage(error, t) });
    }
  }, [api, goTo, order, t]);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void confirm();
  }, [confirm]);

  if (state.step === 'missing') return <OrderMissing />;
  return (
    <section className="order payment-result payment-result--information" aria-labelledby="payment-information-title">
      <h1 id="payment-information-title">{t('paymentResult.information.title')}</h1>
      <PaymentProgress />
      <p role="status" className="payment-result__working">
        {state.step === 'working' ? t('paymentResult.information.working') : ''}
      </p>
      {state.step === 'problem' && (
        <>
          <p role="alert" className="payment-result__problem">
            {state.message}
          </p>
          <p className="order__actions">
            <button type="button" className="button" onClick={() => void confirm()}>
              {t('paymentResult.information.retry')}
            </button>
          </p>
        </>
      )}
      <PaymentSummary order={summary} />
    </section>
  );
}
