import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackProblems, FORM_LIMITS, type FeedbackFields, type FieldProblems } from '../../schemas/form-rules';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { useApi } from '../../renderer/state/api-context';
import { FormField, FormEnd } from '../../renderer/ui/forms/FormField';
import { useSend } from '../../renderer/ui/forms/use-send';
import type { BlockProps, SettingsOf } from '../types';
import './feedback-form.css';

type Field = keyof FeedbackFields;
const FIELDS: Field[] = ['rating', 'message', 'email'];
const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * Feedback: a rating from 1 to 5 (radio buttons in a fieldset: arrow keys move between them), a message
 * and an optional email to answer to, checked by the rules the server applies (schemas/form-rules.ts).
 * The page it was given on is sent with it.
 */
export default function FeedbackForm({ id, settings }: BlockProps<SettingsOf<'feedback-form'>>) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const api = useApi();
  const { status, prepare, send } = useSend('feedback');
  const [fields, setFields] = useState<FeedbackFields>({ rating: null, message: '', email: '' });
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const fieldId = (field: Field) => `${id}-${field}`;
  const change = <F extends Field>(field: F, value: FeedbackFields[F]) => {
    const next = { ...fields, [field]: value };
    setFields(next);
    if (problems[field]) setProblems((now) => ({ ...now, [field]: feedbackProblems(next)[field] }));
  };
  const refuse = (found: FieldProblems<Field>) => {
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(first === 'rating' ? `${fieldId('rating')}-1` : fieldId(first))?.focus();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = feedbackProblems(fields);
    if (Object.keys(found).length) return refuse(found);
    const email = fields.email?.trim();
    void send(
      event.currentTarget,
      (guard) =>
        api.request('post /customer-feedbacks/email', {
          body: {
            rating: fields.rating!,
            message: fields.message,
            ...(email ? { email } : {}),
            pagePath: location.pathname,
            ...guard,
          },
        }),
      refuse,
    );
  };
  const headingId = `${id}-title`;
  const ratingError = `${fieldId('rating')}-error`;
  return (
    <section className="shopper-form-block" aria-labelledby={headingId}>
      <h2 id={headingId}>{localized(settings.heading) || t('blocks.feedback-form.title')}</h2>
      {settings.intro ? <p>{localized(settings.intro)}</p> : null}
      {status.state === 'sent' ? (
        <p className="shopper-form__done" role="status">
          {t('blocks.feedback-form.sent')}
        </p>
      ) : (
        <form className="shopper-form" noValidate onSubmit={submit} onFocus={() => void prepare().catch(() => {})}>
          <fieldset
            className={`feedback-rating${problems.rating ? ' field--invalid' : ''}`}
            aria-describedby={problems.rating ? ratingError : undefined}
          >
            <legend>{t('blocks.feedback-form.rating')}</legend>
            <div className="feedback-rating__options">
              {RATINGS.map((rating) => (
                <label key={rating} className="feedback-rating__option">
                  <input
                    type="radio"
                    id={`${fieldId('rating')}-${rating}`}
                    name="rating"
                    value={rating}
                    checked={fields.rating === rating}
                    aria-invalid={problems.rating ? true : undefined}
                    onChange={() => change('rating', rating)}
                  />
                  <span>{t(`blocks.feedback-form.ratings.${rating}`)}</span>
                </label>
              ))}
            </div>
            <p className="field__error" id={ratingError} aria-live="polite">
              {problems.rating ? t(`forms.problems.${problems.rating}`) : null}
            </p>
          </fieldset>
          <FormField
            id={fieldId('message')}
            label={t('blocks.feedback-form.message')}
            multiline
            name="message"
            rows={5}
            maxLength={FORM_LIMITS.feedback}
            value={fields.message}
            problem={problems.message}
            onChange={(e) => change('message', e.target.value)}
          />
          <FormField
            id={fieldId('email')}
            label={t('blocks.feedback-form.email')}
            optional
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={FORM_LIMITS.email}
            value={fields.email}
            problem={problems.email}
            onChange={(e) => change('email', e.target.value)}
            onBlur={() => fields.email?.trim() && setProblems((now) => ({ ...now, email: feedbackProblems(fields).email }))}
          />
          <FormEnd id={id} status={status} />
          <p>
            <button type="submit" className="button" disabled={status.state === 'sending'}>
              {status.state === 'sending' ? t('forms.sending') : t('blocks.feedback-form.send')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
