import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeProblems, type FormProblem } from '../../../schemas/form-rules';
import type { SubscribeRequest } from '../../../schemas/generated/api';
import { useApi } from '../../state/api-context';
import { FormField, FormEnd } from '../forms/FormField';
import { useSend } from '../forms/use-send';

/**
 * The newsletter's sign-up (spec section 7: api/customer-subscribe), in the footer and on the store
 * password page (`source`, kept in the ledger of consent). It says what the shopper agrees to, and after
 * sending that a link was mailed to confirm (double opt-in), whatever the address. Small on purpose: it is
 * on every page, and its guard's code and the proof of work load only when the field is first focused.
 * Its ids come from `source`, not useId: the footer's HTML is rendered apart and reused (render cache).
 */
export function NewsletterForm({ source }: { source: SubscribeRequest['source'] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { status, prepare, send } = useSend('subscribe');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<FormProblem | undefined>();
  const id = `newsletter-${source}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = subscribeProblems({ email }).email;
    setProblem(found);
    if (found) return document.getElementById(`${id}-email`)?.focus();
    void send(
      event.currentTarget,
      (guard) => api.request('post /customer-subscribe', { body: { email: email.trim(), source, ...guard } }),
      (problems) => {
        setProblem(problems.email ?? 'email');
        document.getElementById(`${id}-email`)?.focus();
      },
    );
  };
  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
      {status.state === 'sent' ? (
        <p className="shopper-form__done" role="status">
          {t('newsletter.checkInbox')}
        </p>
      ) : (
        <form className="newsletter__form" noValidate onSubmit={submit} onFocus={() => void prepare().catch(() => {})}>
          <p className="newsletter__consent" id={`${id}-consent`}>
            {t('newsletter.consent')}
          </p>
          <div className="newsletter__row">
            <FormField
              id={`${id}-email`}
              label={t('newsletter.email')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              value={email}
              problem={problem}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="button" disabled={status.state === 'sending'} aria-describedby={`${id}-consent`}>
              {status.state === 'sending' ? t('forms.sending') : t('newsletter.subscribe')}
            </button>
          </div>
          <FormEnd id={id} status={status} />
        </form>
      )}
    </section>
  );
}
