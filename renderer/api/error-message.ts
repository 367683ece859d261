// What a shopper reads when a call fails: the error's name (schemas/error-codes.json, the one table of
// codes) picks its message, `errors.<name>`, in the visitor's language. The table is loaded with the
// first failure: no page needs it to show (it is not first-load JavaScript).
import type { ErrorName } from '../../schemas/generated/error-codes';
import { ApiError } from './api-error';

let names: Promise<Map<number, ErrorName>> | undefined;

/** The name of an error code of the table (undefined for a code the shop does not know). */
export async function errorName(code: number): Promise<ErrorName | undefined> {
  names ??= import('../../schemas/generated/error-codes').then(
    ({ errorCodes }) => new Map(Object.entries(errorCodes).map(([name, c]) => [c, name as ErrorName])),
  );
  return (await names).get(code);
}

export async function errorMessage(
  error: unknown,
  t: (key: string, options?: Record<string, string | number>) => string,
): Promise<string> {
  if (error instanceof ApiError) {
    const name = await errorName(error.code);
    const available = (error.data as { available?: number } | null)?.available;
    if (name === 'cannotAddToCart' && available !== undefined) return t('errors.onlyAvailable', { count: available });
    if (name) return t(`errors.${name}`);
    if (error.status >= 400 && error.status < 500) return t('errors.badRequest');
  }
  if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) return t('errors.network');
  return t('errors.generic');
}
