import { useNavigate } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKING_NUMBER_MAX } from './handles';

/**
 * "Tracking number" and a submit button: a plain GET form to /track?number=…, so it works before the
 * page's code has loaded (then the router goes there without a reload). An error (none typed, or no such
 * shipment) is tied to the field and announced.
 */
export function TrackingForm({ number, error }: { number: string; error?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldId = useId();
  const errorId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('number');
    void navigate({ to: '/track', search: { number: typeof typed === 'string' ? typed.trim() : '' } });
  }
  return (
    <form className="tracking__form" method="get" action="/track" noValidate onSubmit={submit}>
      <label htmlFor={fieldId}>{t('tracking.number')}</label>
      <div className="tracking__form-row">
        <input
          id={fieldId}
          name="number"
          type="text"
          defaultValue={number}
          maxLength={TRACKING_NUMBER_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button className="button" type="submit">
          {t('tracking.submit')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="tracking__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
