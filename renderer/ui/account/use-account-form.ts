import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountErrorText } from './account-errors';
import { focusFirst } from './AccountField';

export type FieldErrors = Record<string, string | undefined>;

/**
 * What every account form keeps: its fields' errors, the refusal of its call (an alert), what it has done
 * (a status line) and whether it is sending. `check` shows the fields' errors (the focus on the first), and
 * `send` runs the call, wording a refusal as account-errors.ts does.
 */
export function useAccountForm() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows `found` (in the fields' order); false, with the focus on the first wrong field, when one is. */
  function check(order: string[], found: FieldErrors): boolean {
    setErrors(found);
    setFailure(null);
    setNotice(null);
    if (!order.some((id) => found[id])) return true;
    focusFirst(order, found);
    return false;
  }

  /** Runs the call; a refusal becomes the alert's words (or what `onError` makes of it). */
  async function send(call: () => Promise<void>, onError?: (error: unknown, words: string) => void) {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      const words = await accountErrorText(error, t);
      if (onError) onError(error, words);
      else setFailure(words);
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, failure, setFailure, notice, setNotice, busy, check, send };
}
