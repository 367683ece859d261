import { useId, useState, type FormEvent } from 'react';
import { email as emailProblem } from '../../../schemas/checkout-rules';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../state/api-context';
import { withEventDates, type DatedTracking } from './dated';

type Field = 'orderNumber' | 'email';

/**
 * "No tracking number?": the order found by its number and the email it was placed with. The answer is
 * the same whether the number is wrong or the email is (the shop never tells whose a number is), so one
 * message stands under the form; a field left empty or an email that cannot be one is marked on its field.
 * Sent by POST from the page's code: an email never goes into an address.
 */
export function TrackByOrderForm({ onFound }: { onFound: (tracking: DatedTracking) => void }) {
  const {
    t,
    i18n: { language: locale },
  } = useTranslation();
  const api = useApi();
  const ids = useId();
  // Message keys, translated when drawn: the page's strings may still be loading when the form is sent.
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const orderNumber = String(form.get('orderNumber') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const emailCheck = emailProblem(email);
    const found: Partial<Record<Field, string>> = {};
    if (!orderNumber) found.orderNumber = 'checkout.validation.required';
    if (emailCheck) found.email = emailCheck === 'required' ? 'checkout.validation.required' : 'checkout.validation.email';
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) {
      document.getElementById(`${ids}-${found.orderNumber ? 'orderNumber' : 'email'}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      onFound(withEventDates(await api.orders.trackingByOrder(orderNumber, email), locale));
    } catch (error) {
      // The key of the error's message (errorMessage picks it; it is worded below, when drawn).
      setFailure(await errorMessage(error, (key) => key));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, props: Record<string, unknown>) => (
    <div className="tracking__field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input
        id={`${ids}-${name}`}
        name={name}
        required
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${ids}-${name}-error` : undefined}
        {...props}
      />
      {problems[name] && (
        <p id={`${ids}-${name}-error`} className="tracking__error">
          {t(problems[name])}
        </p>
      )}
    </div>
  );

  return (
    <form
      className="tracking__form tracking__form--order"
      method="post"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${ids}-title`}
    >
      <h2 id={`${ids}-title`} className="tracking__form-title">
        {t('tracking.byOrder.title')}
      </h2>
      <p className="tracking__form-intro">{t('tracking.byOrder.intro')}</p>
      {field('orderNumber', t('tracking.byOrder.orderNumber'), {
        type: 'text',
        maxLength: 40,
        autoComplete: 'off',
        autoCapitalize: 'characters',
        spellCheck: false,
      })}
      {field('email', t('tracking.byOrder.email'), { type: 'email', maxLength: 254, autoComplete: 'email' })}
      <div>
        <button className="button" type="submit" disabled={busy}>
          {t('tracking.byOrder.submit')}
        </button>
      </div>
      <p className="tracking__error" role="alert">
        {failure && t(failure)}
      </p>
    </form>
  );
}
