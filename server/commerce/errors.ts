// The one error type of the shop, thrown by name: the name's code (the HTTP status for generic faults,
// spec section 8 for domain ones) and the HTTP status it is answered with come from the one table,
// schemas/error-codes.json (api/envelope.ts answers with them, the renderer words them per language).
import { errorCodes, type ErrorName } from '../../schemas/generated/error-codes';

export { errorCodes as codes, type ErrorName };

export class ShopError extends Error {
  readonly code: number;

  constructor(
    /** The error's name in schemas/error-codes.json. */
    readonly error: ErrorName,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ShopError';
    this.code = errorCodes[error];
  }
}

export const notFound = (message: string) => new ShopError('notFound', message);
export const badRequest = (message: string, data: unknown = null) => new ShopError('badRequest', message, data);
export const conflict = (message: string, data: unknown = null) => new ShopError('conflict', message, data);
export const unauthorized = (message: string) => new ShopError('unauthorized', message);
