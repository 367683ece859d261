import type { InputHTMLAttributes } from 'react';

/**
 * A labelled input of an account form: its error beside it, tied to it (aria-describedby, aria-invalid)
 * and announced when it appears; a hint (a password's rule) read with it.
 */
export function AccountField({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string | undefined; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field__control">
        <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className="field__error" id={`${id}-error`} aria-live="polite">
        {error ?? null}
      </p>
    </div>
  );
}

/** Moves the focus to the first field with an error (by id), so a keyboard or screen-reader user lands on it. */
export function focusFirst(ids: string[], errors: Record<string, string | undefined>) {
  const first = ids.find((id) => errors[id]);
  if (first) document.getElementById(first)?.focus();
}
