// What a handle (the address part of a product, collection or page: /products/{handle}) may be:
// lowercase letters and digits in words joined by single hyphens, at most 100 characters. The page
// and block schemas hold the same pattern (handle.test.ts ties them). Anything else cannot name a
// product, collection or page, so it is answered as not found without asking the database.

export const HANDLE_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const MAX_HANDLE_LENGTH = 100;

const HANDLE = new RegExp(HANDLE_PATTERN);

export function isHandle(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_HANDLE_LENGTH && HANDLE.test(value);
}
