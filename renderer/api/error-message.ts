// What a shopper reads when a call fails: the spec's error codes in the visitor's language.
import { ApiError } from './api-error';

const BY_CODE: Record<number, string> = {
  5001: 'errors.noProduct',
  5002: 'errors.noSku',
  5003: 'errors.cannotAddToCart',
  5006: 'errors.removedFromShelf',
  8001: 'errors.currencyNotSupported',
};

export function errorMessage(error: unknown, t: (key: string, options?: Record<string, string | number>) => string): string {
  if (error instanceof ApiError) {
    const key = BY_CODE[error.code];
    if (key) {
      const available = (error.data as { available?: number } | null)?.available;
      return available !== undefined && error.code === 5003 ? t('errors.onlyAvailable', { count: available }) : t(key);
    }
    if (error.status >= 400 && error.status < 500) return t('errors.badRequest');
  }
  if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) return t('errors.network');
  return t('errors.generic');
}
