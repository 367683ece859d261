// The iDEAL banks a shopper chooses from (spec section 7: GET /api/paymentStrategy/airwallexIdealBanks),
// by the codes a payment request names them with.
import type { IdealBank } from '../../../../schemas/generated/api';

export const IDEAL_BANKS: readonly IdealBank[] = [
  { code: 'abn_amro', name: 'ABN AMRO' },
  { code: 'asn_bank', name: 'ASN Bank' },
  { code: 'bunq', name: 'bunq' },
  { code: 'ing', name: 'ING' },
  { code: 'knab', name: 'Knab' },
  { code: 'rabobank', name: 'Rabobank' },
  { code: 'regiobank', name: 'RegioBank' },
  { code: 'revolut', name: 'Revolut' },
  { code: 'sns_bank', name: 'SNS' },
  { code: 'triodos_bank', name: 'Triodos Bank' },
  { code: 'van_lanschot', name: 'Van Lanschot' },
];

export const idealBank = (code: string | undefined) => IDEAL_BANKS.find((b) => b.code === code);

/**
 * What is wrong with the bank of a payment by a method with a bank selection (options.bankSelection):
 * null when it names one of the banks.
 */
export function bankProblem(options: Record<string, unknown>, bank: string | undefined): string | null {
  if (!options.bankSelection) return null;
  if (!bank) return 'is required: choose your bank';
  return idealBank(bank) ? null : 'is not one of the banks of this method (GET /api/paymentStrategy/airwallexIdealBanks)';
}
