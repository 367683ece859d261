// A funnel's statistics for the merchant (GET /api/funnels/{handle}/stats?from=&to=): per step its views,
// unique visitors, orders, conversion and revenue; the funnel's main and offer revenue; the pixel events;
// and, for a split step, each variant's visitors, views, orders, conversion and revenue per visitor
// across the whole funnel (main order and every offer accepted after it).
//
// Views and visitors are the step-view events (funnel-events.ts). Orders and money are the orders
// themselves, counted once paid: a bank payment counts when it settles, a refunded order is left out of
// the revenue and reported as a refund (net of refunds). Amounts are minor units of the base currency
// (orders.total_base), exact to the cent. The period is the events' and the orders' creation time.
import { sql } from 'drizzle-orm';
import type { FunnelStats } from '../../../schemas/generated/api';
import type { Funnel } from '../../../schemas/generated/funnel';
import { queryRows, type Db } from '../../db/connect';
import { isOfferStep } from './funnel-paths';
import { variantStamp } from './variants';

const ratio = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : 0);

export async function funnelStats(
  db: Db,
  funnel: { id: number; version: number; handle: string; funnel: Funnel },
  range: { from: Date; to: Date },
  currencyCode: string,
): Promise<FunnelStats> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const [events, sales, split] = await Promise.all([
    queryRows<{ step: string; type: string; variant: string | null; n: number; visitors: number }>(
      db,
      sql`select step_id as step, type, variant, count(*)::int as n, count(distinct visitor_id)::int as visitors
          from funnel_events where funnel_id = ${funnel.id} and created_at >= ${from} and created_at < ${to}
          group by step_id, type, variant`,
    ),
    queryRows<{ step: string | null; main: boolean; status: string; variant: string | null; n: number; amount: number }>(
      db,
      sql`select funnel_step as step, parent_order_id is null as main, status, variant, count(*)::int as n,
                 coalesce(sum(total_base), 0)::int as amount
          from orders where funnel_id = ${funnel.id} and status in ('paid', 'refunded')
            and created_at >= ${from} and created_at < ${to}
          group by funnel_step, parent_order_id is null, status, variant`,
    ),
    queryRows<{ step: string; variant: string; visitors: number }>(
      db,
      sql`select step_id as step, variant, count(*)::int as visitors from funnel_assignments
          where funnel_id = ${funnel.id} and created_at >= ${from} and created_at < ${to} group by step_id, variant`,
    ),
  ]);
  const money = (amount: number) => ({ amount, currencyCode });
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const paid = sales.filter((s) => s.status === 'paid');
  const views = events.filter((e) => e.type === 'view');
  const eventCount = (type: string) =>
    sum(
      events.filter((e) => e.type === type),
      (e) => e.n,
    );

  // Unique visitors of a step over every variant: counted again without the variant split.
  const uniques = await queryRows<{ step: string; visitors: number }>(
    db,
    sql`select step_id as step, count(distinct visitor_id)::int as visitors from funnel_events
        where funnel_id = ${funnel.id} and type = 'view' and created_at >= ${from} and created_at < ${to}
        group by step_id`,
  );
  const steps = funnel.funnel.steps.map((step) => {
    const visitors = uniques.find((u) => u.step === step.id)?.visitors ?? 0;
    const sold = paid.filter((s) => s.step === step.id && (step.type === 'checkout' ? s.main : !s.main));
    const orders = sum(sold, (s) => s.n);
    return {
      id: step.id,
      type: step.type,
      views: sum(
        views.filter((v) => v.step === step.id),
        (v) => v.n,
      ),
      visitors,
      orders,
      conversion: ratio(orders, visitors),
      revenue: money(sum(sold, (s) => s.amount)),
      ...(isOfferStep(step)
        ? {
            accepted: sum(
              events.filter((e) => e.step === step.id && e.type === 'UpsellYes'),
              (e) => e.n,
            ),
            declined: sum(
              events.filter((e) => e.step === step.id && e.type === 'UpsellNo'),
              (e) => e.n,
            ),
            ineligible: sum(
              events.filter((e) => e.step === step.id && e.type === 'ineligible'),
              (e) => e.n,
            ),
          }
        : {}),
    };
  });
  const refunded = sales.filter((s) => s.status === 'refunded');
  const splitStep = funnel.funnel.steps.find((s) => s.variants);
  return {
    handle: funnel.handle,
    version: funnel.version,
    from,
    to,
    steps,
    revenue: {
      main: money(
        sum(
          paid.filter((s) => s.main),
          (s) => s.amount,
        ),
      ),
      offers: money(
        sum(
          paid.filter((s) => !s.main),
          (s) => s.amount,
        ),
      ),
      total: money(sum(paid, (s) => s.amount)),
    },
    orders: sum(
      paid.filter((s) => s.main),
      (s) => s.n,
    ),
    refunds: { orders: sum(refunded, (s) => s.n), amount: money(sum(refunded, (s) => s.amount)) },
    events: {
      AddContactInfo: eventCount('AddContactInfo'),
      AddShipppingInfo: eventCount('AddShipppingInfo'),
      UpsellYes: eventCount('UpsellYes'),
      UpsellNo: eventCount('UpsellNo'),
      ineligible: eventCount('ineligible'),
    },
    ...(splitStep
      ? {
          split: {
            step: splitStep.id,
            variants: splitStep.variants!.map((variant) => {
              const stamp = variantStamp(splitStep.id, variant.id);
              const visitors = split.find((s) => s.step === splitStep.id && s.variant === variant.id)?.visitors ?? 0;
              const mine = paid.filter((s) => s.variant === stamp);
              const orders = sum(
                mine.filter((s) => s.main),
                (s) => s.n,
              );
              const revenue = sum(mine, (s) => s.amount);
              return {
                id: variant.id,
                weight: variant.weight,
                visitors,
                views: sum(
                  views.filter((v) => v.step === splitStep.id && v.variant === stamp),
                  (v) => v.n,
                ),
                orders,
                conversion: ratio(orders, visitors),
                revenue: money(revenue),
                revenuePerVisitor: money(visitors ? Math.round(revenue / visitors) : 0),
                refunds: money(
                  sum(
                    refunded.filter((s) => s.variant === stamp),
                    (s) => s.amount,
                  ),
                ),
              };
            }),
          },
        }
      : {}),
  };
}
