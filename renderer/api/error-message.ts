// What a shopper reads when a call fails: the server's own reason, in the visitor's language. A refusal
// naming a rule the renderer words (`data.errors[].rule`: an expired discount code, a code used once per
// customer) says that; else the error's name (schemas/error-codes.json, the one table of codes) picks its
// message, `errors.<name>`. A 4xx naming neither is told in the server's own words rather than a generic
// line. The table is loaded with the first failure: no page needs it to show (it is not first-load
// JavaScript).
import type { Money } from '../../schemas/generated/api';
import type { ErrorName } from '../../schemas/generated/error-codes';
import { isFieldProblem, type FieldProblem } from '../ui/checkout/checkout-form';
import { ApiError } from './api-error';

let names: Promise<Map<number, ErrorName>> | undefined;

/** The name of an error code of the table (undefined for a code the shop does not know). */
export async function errorName(code: number): Promise<ErrorName | undefined> {
  names ??= import('../../schemas/generated/error-codes').then(
    ({ errorCodes }) => new Map(Object.entries(errorCodes).map(([name, c]) => [c, name as ErrorName])),
  );
  return (await names).get(code);
}

/** The first rule of a refusal's `data.errors` that the renderer words, if any. */
export function reasonOf(data: unknown): FieldProblem | undefined {
  const list = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return undefined;
  return (list as { rule?: unknown }[]).map((item) => item?.rule).find(isFieldProblem);
}

export async function errorMessage(
  error: unknown,
  t: (key: string, options?: Record<string, string | number>) => string,
  /** Formats an amount the refusal names (a code's minimum spend); without it the general message is used. */
  money?: (value: Money) => string,
): Promise<string> {
  if (error instanceof ApiError) {
    const name = await errorName(error.code);
    const data = error.data as { available?: number; minSpend?: Money } | null;
    if (name === 'cannotAddToCart' && data?.available !== undefined) return t('errors.onlyAvailable', { count: data.available });
    const reason = reasonOf(error.data);
    if (reason === 'couponMinSpend' && data?.minSpend && money)
      return t('errors.couponMinSpend', { amount: money(data.minSpend) });
    if (reason) return t(`checkout.validation.${reason}`);
    if (name && name !== 'badRequest') return t(`errors.${name}`);
    if (error.status >= 400 && error.status < 500) return (error.serverSaid && error.message.trim()) || t('errors.badRequest');
  }
  if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) return t('errors.network');
  return t('errors.generic');
}
