// What a shopper reads when a call fails: the error's name (schemas/error-codes.json, the one table of
// codes) picks its message, `errors.<name>`, in the visitor's language.
import { errorCodes, type ErrorName } from '../../schemas/generated/error-codes';
import { ApiError } from './api-error';

const NAMES = new Map<number, ErrorName>(Object.entries(errorCodes).map(([name, code]) => [code, name as ErrorName]));

/** The name of an error code of the table (undefined for a code the shop does not know). */
export const errorName = (code: number): ErrorName | undefined => NAMES.get(code);

export function errorMessage(error: unknown, t: (key: string, options?: Record<string, string | number>) => string): string {
  if (error instanceof ApiError) {
    const name = errorName(error.code);
    const available = (error.data as { available?: number } | null)?.available;
    if (name === 'cannotAddToCart' && available !== undefined) return t('errors.onlyAvailable', { count: available });
    if (name) return t(`errors.${name}`);
    if (error.status >= 400 && error.status < 500) return t('errors.badRequest');
  }
  if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) return t('errors.network');
  return t('errors.generic');
}
