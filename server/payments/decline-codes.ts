// Failure names <-> their codes of the one error table (schemas/error-codes.json).
import { errorCodes } from '../../schemas/generated/error-codes';
import type { DeclineName, FailureName } from './provider';

export const declineCodeOf = (name: FailureName): number => errorCodes[name];

export function declineOf(code: number): DeclineName {
  const found = Object.entries(errorCodes).find(([, c]) => c === code);
  if (!found || code < 80000 || code > 80014) throw new Error(`${code} is not a card decline code`);
  return found[0] as DeclineName;
}

/** The name of a payment failure code (8001–8013, 80000–80014), undefined for any other code. */
export function failureOf(code: number): FailureName | undefined {
  if (!((code >= 8001 && code <= 8013) || (code >= 80000 && code <= 80014))) return undefined;
  return Object.entries(errorCodes).find(([, c]) => c === code)?.[0] as FailureName | undefined;
}
