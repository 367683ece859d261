// The report's rows: grouped by source, medium, campaign and currency, never adding two currencies,
// net of refunds, direct orders and missing parameters named.
import { describe, expect, it } from 'vitest';
import { groupLabels, reportRows, type SummedGroup } from './report-rows';

const group = (over: Partial<SummedGroup>): SummedGroup => ({
  touched: true,
  source: 'newsletter',
  medium: 'email',
  campaign: 'spring',
  currencyCode: 'USD',
  orders: 1,
  gross: 1000,
  refunds: 0,
  ...over,
});
const usd = (amount: number) => ({ amount, currencyCode: 'USD' });
const eur = (amount: number) => ({ amount, currencyCode: 'EUR' });

describe('groupLabels', () => {
  it('names an order without a touch (direct) / (none) and a missing parameter (not set)', () => {
    expect(groupLabels({ touched: false, source: null, medium: null, campaign: null })).toEqual({
      source: '(direct)',
      medium: '(none)',
      campaign: '(none)',
    });
    expect(groupLabels({ touched: true, source: 'ads', medium: null, campaign: null })).toEqual({
      source: 'ads',
      medium: '(not set)',
      campaign: '(not set)',
    });
  });
});

describe('reportRows', () => {
  it('keeps currencies apart, in rows and in totals', () => {
    const { rows, totals } = reportRows([group({ gross: 1000 }), group({ currencyCode: 'EUR', gross: 900 })]);
    expect(rows).toEqual([
      {
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
        currencyCode: 'EUR',
        orders: 1,
        gross: eur(900),
        refunds: eur(0),
        net: eur(900),
      },
      {
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
        currencyCode: 'USD',
        orders: 1,
        gross: usd(1000),
        refunds: usd(0),
        net: usd(1000),
      },
    ]);
    expect(totals.map((t) => [t.currencyCode, t.net.amount])).toEqual([
      ['EUR', 900],
      ['USD', 1000],
    ]);
  });

  it('subtracts refunds, and orders its rows by net revenue within a currency', () => {
    const { rows, totals } = reportRows([
      group({ campaign: 'spring', orders: 2, gross: 5000, refunds: 1500 }),
      group({ campaign: 'summer', gross: 4000 }),
      group({ touched: false, source: null, medium: null, campaign: null, gross: 100 }),
    ]);
    expect(rows.map((r) => [r.campaign, r.gross.amount, r.refunds.amount, r.net.amount])).toEqual([
      ['summer', 4000, 0, 4000],
      ['spring', 5000, 1500, 3500],
      ['(none)', 100, 0, 100],
    ]);
    expect(totals).toEqual([{ currencyCode: 'USD', orders: 4, gross: usd(9100), refunds: usd(1500), net: usd(7600) }]);
  });

  it('merges groups that read alike (a touch without a medium and one with "(not set)" are one row)', () => {
    const { rows } = reportRows([group({ medium: null }), group({ medium: '(not set)', gross: 500 })]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ medium: '(not set)', orders: 2, net: usd(1500) });
  });
});
