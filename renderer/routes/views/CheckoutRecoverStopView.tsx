import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { useTranslation } from 'react-i18next';
import { isToken } from '../../ui/order/handles';

const checkoutRecoverStopRoute = getRouteApi('/checkout/recover/$key/stop');

type State = 'asking' | 'sending' | 'done' | 'unknown' | 'failed';

/** "Stop these reminders": asks, then stops the reminder mails of the checkout's email. */
export default function CheckoutRecoverStopView() {
  const { t } = useTranslation();
  const { key } = checkoutRecoverStopRoute.useParams();
  const { api } = useRouter().options.context;
  const [state, setState] = useState<State>(isToken(key) ? 'asking' : 'unknown');
  const result = useRef<HTMLParagraphElement>(null);
  const answered = state !== 'asking' && state !== 'sending';
  // Once the answer replaces the button, it takes the focus, so keyboard users are not left nowhere
  // (focused after React has drawn it: a timer set beside the state change could run before).
  const asked = useRef(false);
  useEffect(() => {
    if (answered && asked.current) result.current?.focus();
  }, [answered]);

  async function stop() {
    asked.current = true;
    setState('sending');
    try {
      await api.checkout.optOut(key);
      setState('done');
    } catch (error) {
      setState(error instanceof ApiError && error.code === 5009 ? 'unknown' : 'failed');
    }
  }

  const message = { done: 'recovery.optOutDone', unknown: 'recovery.unknown', failed: 'recovery.failed' } as const;
  return (
    <section className="order order--recover" aria-labelledby="recover-stop-title">
      <h1 id="recover-stop-title">{t('recovery.optOutTitle')}</h1>
      {(state === 'asking' || state === 'sending') && (
        <>
          <p>{t('recovery.optOutIntro')}</p>
          <p className="order__actions">
            <button
              type="button"
              className="button"
              onClick={stop}
              disabled={state === 'sending'}
              aria-busy={state === 'sending'}
            >
              {t('recovery.optOutButton')}
            </button>
          </p>
        </>
      )}
      {answered && (
        <>
          <p className="order__notice" role={state === 'done' ? 'status' : 'alert'} ref={result} tabIndex={-1}>
            {t(message[state])}
          </p>
          <p className="order__actions">
            <Link className="button" to="/cart">
              {t('recovery.toCart')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
