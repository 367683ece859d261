import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormProblem } from '../../../schemas/form-rules';
import type { SendStatus } from './use-send';
import './forms.css';

interface FieldProps {
  id: string;
  label: string;
  problem?: FormProblem | undefined;
  optional?: boolean;
}

/**
 * A labelled field of a shopper's form (contact, feedback, newsletter): its problem beside it, in the
 * visitor's language, tied to it (aria-describedby, aria-invalid) and announced when it appears.
 */
export function FormField({
  id,
  label,
  problem,
  optional,
  multiline,
  ...input
}: FieldProps &
  (
    | ({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>)
    | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  )) {
  const { t } = useTranslation();
  const a11y = {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-error` : undefined,
  } as const;
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> ({t('forms.optional')})</span> : null}
      </label>
      <div className="field__control">
        {multiline ? (
          <textarea {...a11y} {...(input as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
        ) : (
          <input {...a11y} {...(input as InputHTMLAttributes<HTMLInputElement>)} />
        )}
      </div>
      <p className="field__error" id={`${id}-error`} aria-live="polite">
        {problem ? t(`forms.problems.${problem}`) : null}
      </p>
    </div>
  );
}

/**
 * The honeypot: a field people never see nor reach (off screen, out of the tab order, hidden from
 * assistive technology, never autofilled), which bots that fill every field fill.
 */
export function Honeypot({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>{t('forms.honeypot')}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** What every shopper form ends with: its honeypot, and the refusal of its last send (an alert). */
export function FormEnd({ id, status }: { id: string; status: SendStatus }) {
  return (
    <>
      <Honeypot id={`${id}-website`} />
      {status.state === 'failed' ? (
        <p className="shopper-form__failed" role="alert">
          {status.message}
        </p>
      ) : null}
    </>
  );
}
