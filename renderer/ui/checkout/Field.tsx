import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId, type FieldProblem } from './checkout-form';

/** The words of a problem, in the visitor's language. */
export const useProblemText = () => {
  const { t } = useTranslation();
  return (problem: FieldProblem) => t(`checkout.validation.${problem}`);
};

/**
 * A labelled input of the checkout: its error is beside it, tied to it (aria-describedby, aria-invalid)
 * and announced when it appears. `path` is the field's JSON pointer (its id comes from it).
 */
export function Field({
  path,
  label,
  problem,
  hint,
  prefix,
  optional,
  ...input
}: {
  path: string;
  label: string;
  problem?: FieldProblem | undefined;
  hint?: string;
  /** Shown before the input (a phone's country prefix). */
  prefix?: string;
  optional?: boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  const text = useProblemText();
  const id = fieldId(path);
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> ({t('checkout.optional')})</span> : null}
      </label>
      <div className="field__control">
        {prefix ? <span className="field__prefix">{prefix}</span> : null}
        <input id={id} name={path} aria-invalid={problem ? true : undefined} aria-describedby={describedBy} {...input} />
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{problem ? text(problem) : null}</FieldError>
    </div>
  );
}

/** The error line of a field: always in the page (empty when fine), so its appearance is announced. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="field__error" id={id} aria-live="polite">
      {children}
    </p>
  );
}

export function SelectField({
  path,
  label,
  problem,
  value,
  options,
  placeholder,
  onChange,
  onBlur,
  autoComplete,
}: {
  path: string;
  label: string;
  problem?: FieldProblem | undefined;
  value: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete?: string;
}) {
  const text = useProblemText();
  const id = fieldId(path);
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field__control">
        <select
          id={id}
          name={path}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`}>{problem ? text(problem) : null}</FieldError>
    </div>
  );
}
