// The one error type of the shop: a code (HTTP-like for generic faults, spec section 8 for domain ones),
// the HTTP status it is answered with, a readable message and optional data (e.g. validation errors).

export const codes = {
  badRequest: 400,
  unauthorized: 401,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  internal: 500,
  /** Spec 8: no product information. */
  noProduct: 5001,
  /** Spec 8: no SKU information. */
  noSku: 5002,
  /** Spec 8: product removed from shelf. */
  productRemoved: 5006,
  /** Spec 8/4: the site is in maintenance. */
  maintenance: 50021,
} as const;

export class ShopError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

export const notFound = (message: string) => new ShopError(codes.notFound, 404, message);
export const badRequest = (message: string, data: unknown = null) => new ShopError(codes.badRequest, 400, message, data);
export const conflict = (message: string, data: unknown = null) => new ShopError(codes.conflict, 409, message, data);
export const unauthorized = (message: string) => new ShopError(codes.unauthorized, 401, message);
