// Sending a shopper's form: its guard (use-form-guard.ts), then the call; a refusal naming fields (the
// server's `data.errors`, the same rules as the form's: schemas/form-rules.ts) goes back beside them,
// anything else is said once above the button, in the visitor's language.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormProblem } from '../../../schemas/form-rules';
import { ApiError } from '../../api/api-error';
import type { GuardFields } from './prepare-guard';
import { useFormGuard, type FormName } from './use-form-guard';

export type SendStatus = { state: 'editing' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };

const PROBLEMS = new Set<string>(['required', 'email', 'phone', 'tooLong', 'rating']);

/** The fields a refusal names, with their problem (a field whose problem has no words of its own: `required`). */
function fieldProblems(error: unknown): Record<string, FormProblem> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const list = (error.data as { errors?: { path?: unknown; rule?: unknown }[] } | null)?.errors;
  if (!Array.isArray(list) || !list.length) return null;
  const problems: Record<string, FormProblem> = {};
  for (const item of list) {
    if (typeof item.path !== 'string') continue;
    const field = item.path.split('/')[1] ?? '';
    problems[field] = typeof item.rule === 'string' && PROBLEMS.has(item.rule) ? (item.rule as FormProblem) : 'required';
  }
  return problems;
}

export function useSend(form: FormName) {
  const { t } = useTranslation();
  const { prepare, fields } = useFormGuard(form);
  const [status, setStatus] = useState<SendStatus>({ state: 'editing' });
  const send = useCallback(
    async (
      form: HTMLFormElement,
      call: (guard: GuardFields) => Promise<unknown>,
      refused: (problems: Record<string, FormProblem>) => void,
    ) => {
      // The honeypot as it is now: a person never reaches it, a bot driving the page may have filled it.
      const website = String(new FormData(form).get('website') ?? '');
      setStatus({ state: 'sending' });
      try {
        await call({ ...(await fields()), website });
        setStatus({ state: 'sent' });
      } catch (error) {
        const problems = fieldProblems(error);
        if (problems) {
          refused(problems);
          setStatus({ state: 'editing' });
          return;
        }
        const { errorMessage } = await import('../../api/error-message');
        setStatus({ state: 'failed', message: await errorMessage(error, t) });
      }
    },
    [fields, t],
  );
  return { status, prepare, send };
}
