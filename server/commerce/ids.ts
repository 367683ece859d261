// Ids of stored rows are PostgreSQL `serial` integers: a number outside 1..MAX_ID cannot name a row,
// and must not reach a query (it would fail there as an integer overflow, a fault, instead of "not found").
export const MAX_ID = 2_147_483_647;

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}
