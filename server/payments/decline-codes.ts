// Decline names <-> their codes of the one error table (schemas/error-codes.json).
import { errorCodes } from '../../schemas/generated/error-codes';
import type { DeclineName } from './provider';

export const declineCodeOf = (name: DeclineName): number => errorCodes[name];

export function declineOf(code: number): DeclineName {
  const found = Object.entries(errorCodes).find(([, c]) => c === code);
  if (!found || code < 80000 || code > 80014) throw new Error(`${code} is not a card decline code`);
  return found[0] as DeclineName;
}
