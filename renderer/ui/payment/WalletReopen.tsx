// Spec section 4: after PayPal rejects the shopper's information, the PayPal window reopens after 10
// seconds. The page says so, counts down where the shopper sees it, then starts a new payment with the
// same method for the same checkout (a new idempotency key: it is a new attempt) and goes to the wallet
// (a full page load). The shopper may reopen it at once, or choose another method (which stops the count).
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../state/checkout-draft';
import { PaymentStepLink } from './PaymentStepLink';

/** Spec section 9: PayPal reopens after 10 s. */
export const WALLET_REOPEN_SECONDS = 10;

export function WalletReopen({ checkoutToken, method }: { checkoutToken: string; method: string }) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const [seconds, setSeconds] = useState(WALLET_REOPEN_SECONDS);
  const [state, setState] = useState<'counting' | 'opening' | 'failed'>('counting');
  const [problem, setProblem] = useState('');
  const started = useRef(false);

  const reopen = useCallback(async () => {
    if (started.current) return;
    started.current = true;
    setState('opening');
    try {
      const outcome = await api.payments.createOrder({
        checkoutToken,
        paymentMethodCode: method,
        idempotencyKey: newIdempotencyKey(),
      });
      window.location.assign(outcome.next);
    } catch (error) {
      started.current = false;
      setProblem(await errorMessage(error, t));
      setState('failed');
    }
  }, [api, checkoutToken, method, t]);

  useEffect(() => {
    if (state !== 'counting') return;
    if (seconds <= 0) return void reopen();
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1_000);
    return () => clearTimeout(timer);
  }, [seconds, state, reopen]);

  return (
    <div className="payment-result__wallet">
      <p role="status">{t('paymentResult.walletRejected.message')}</p>
      {state === 'counting' && (
        <p className="payment-result__countdown">
          {t('paymentResult.walletRejected.countdown', { seconds: Math.max(seconds, 0) })}
        </p>
      )}
      {state === 'opening' && <p className="payment-result__countdown">{t('paymentResult.walletRejected.opening')}</p>}
      {state === 'failed' && (
        <p className="payment-result__problem" role="alert">
          {problem}
        </p>
      )}
      <p className="order__actions">
        <button type="button" className="button" disabled={state === 'opening'} onClick={() => void reopen()}>
          {t('paymentResult.walletRejected.reopenNow')}
        </button>
        <PaymentStepLink checkoutToken={checkoutToken} className="button button--secondary">
          {t('paymentResult.walletRejected.chooseAnother')}
        </PaymentStepLink>
      </p>
    </div>
  );
}
