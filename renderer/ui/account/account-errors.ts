import { email as emailProblem } from '../../../schemas/checkout-rules';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';

type T = (key: string, options?: Record<string, string | number>) => string;

/**
 * The words of an account call's refusal: a weak password says why (too short, too common), too many
 * failed sign-ins says when to try again, the rest as the shop words every error.
 */
export async function accountErrorText(error: unknown, t: T): Promise<string> {
  if (error instanceof ApiError) {
    const data = error.data as { reason?: string; minutes?: number } | null;
    if (error.code === 6004 && data?.reason) return t(`account.passwordRules.${data.reason}`, { count: 8 });
    if (error.code === 6007 && data?.minutes) return t('account.login.tooMany', { count: data.minutes });
  }
  return errorMessage(error, t);
}

/** A new password's problem the form can tell before sending (the server checks it again, and the common list). */
export function newPasswordProblem(password: string, t: T): string | undefined {
  if (!password) return t('checkout.validation.required');
  if ([...password].length < 8) return t('account.passwordRules.tooShort', { count: 8 });
  return undefined;
}

/** An email's problem the form can tell before sending (required, or not an email), in words. */
export function emailText(email: string, t: T): string | undefined {
  const problem = emailProblem(email);
  if (!problem) return undefined;
  return t(problem === 'required' ? 'checkout.validation.required' : 'checkout.validation.email');
}

/** A field that must not be left empty. */
export const requiredText = (value: string, t: T): string | undefined => (value ? undefined : t('checkout.validation.required'));
