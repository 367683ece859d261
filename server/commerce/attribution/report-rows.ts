// The merchant's attribution report made from the database's sums (attribution-report.ts). Pure.
//
// Rows by source, medium, campaign and currency: amounts of different currencies are never added (a
// row and a total per currency). An order without a touch is "(direct)" / "(none)" / "(none)"; a touch
// that lacks a parameter shows it as "(not set)".
import type { AttributionReportRow, AttributionTotal } from '../../../schemas/generated/api';

/** One group as the database sums it (amounts in minor units of `currencyCode`). */
export interface SummedGroup {
  touched: boolean;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  currencyCode: string;
  orders: number;
  gross: number;
  refunds: number;
}

export const DIRECT = { source: '(direct)', medium: '(none)', campaign: '(none)' } as const;
export const NOT_SET = '(not set)';

const money = (amount: number, currencyCode: string) => ({ amount, currencyCode });

/** The words a group is reported under. */
export function groupLabels(group: Pick<SummedGroup, 'touched' | 'source' | 'medium' | 'campaign'>) {
  if (!group.touched) return { ...DIRECT };
  return { source: group.source ?? NOT_SET, medium: group.medium ?? NOT_SET, campaign: group.campaign ?? NOT_SET };
}

/** Report rows (merged by their labels and currency), largest net revenue first within each currency. */
export function reportRows(groups: readonly SummedGroup[]): { rows: AttributionReportRow[]; totals: AttributionTotal[] } {
  const rows = new Map<string, AttributionReportRow>();
  const totals = new Map<string, AttributionTotal>();
  for (const group of groups) {
    const labels = groupLabels(group);
    const currency = group.currencyCode;
    const key = JSON.stringify([labels.source, labels.medium, labels.campaign, currency]);
    const row = rows.get(key) ?? {
      ...labels,
      currencyCode: currency,
      orders: 0,
      gross: money(0, currency),
      refunds: money(0, currency),
      net: money(0, currency),
    };
    const total = totals.get(currency) ?? {
      currencyCode: currency,
      orders: 0,
      gross: money(0, currency),
      refunds: money(0, currency),
      net: money(0, currency),
    };
    for (const sum of [row, total]) {
      sum.orders += group.orders;
      sum.gross.amount += group.gross;
      sum.refunds.amount += group.refunds;
      sum.net.amount += group.gross - group.refunds;
    }
    rows.set(key, row);
    totals.set(currency, total);
  }
  const byCurrency = (a: { currencyCode: string }, b: { currencyCode: string }) => a.currencyCode.localeCompare(b.currencyCode);
  return {
    rows: [...rows.values()].sort(
      (a, b) =>
        byCurrency(a, b) ||
        b.net.amount - a.net.amount ||
        a.source.localeCompare(b.source) ||
        a.medium.localeCompare(b.medium) ||
        a.campaign.localeCompare(b.campaign),
    ),
    totals: [...totals.values()].sort(byCurrency),
  };
}
