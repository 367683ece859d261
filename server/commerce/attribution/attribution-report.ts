// The merchant's attribution report (GET /api/reports/attribution): paid orders placed in a period, by
// the source, medium and campaign of their first or last touch, per currency, net of refunds.
//
// Counted: orders placed through a checkout or an offer (they always carry their currency and total; the
// seeded demo orders carry neither and are not sales) that were paid, that is `paid`, or `refunded`
// after being paid. Gross is each order's total in its own currency; refunds are
// its returns' refunds (return_requests `refunded`, in the order's currency), whenever they were made, so
// a period's net revenue can only fall as returns come in. An offer's order (upsell, downsell) adds its
// revenue under its main order's touches but is not counted as another order.
import { sql } from 'drizzle-orm';
import type { AttributionReport } from '../../../schemas/generated/api';
import { queryRows, type Db } from '../../db/connect';
import type { TouchKind } from '../../db/attribution-schema';
import { reportRows, type SummedGroup } from './report-rows';

interface Summed extends Omit<SummedGroup, 'gross' | 'refunds'> {
  gross: string;
  refunds: string;
}

export async function attributionReport(db: Db, query: { from: Date; to: Date; touch: TouchKind }): Promise<AttributionReport> {
  const from = query.from.toISOString();
  const to = query.to.toISOString();
  const groups = await queryRows<Summed>(
    db,
    sql`with refunded as (
          select order_id, sum(refund_amount)::bigint as amount from return_requests
          where status = 'refunded' group by order_id
        )
        select t.order_id is not null as touched, t.source, t.medium, t.campaign, o.currency_code as "currencyCode",
               (count(*) filter (where o.parent_order_id is null))::int as orders,
               sum((o.totals ->> 'totalPrice')::bigint)::text as gross,
               coalesce(sum(r.amount), 0)::text as refunds
        from orders o
        left join order_touches t on t.order_id = o.id and t.touch = ${query.touch}
        left join refunded r on r.order_id = o.id
        where o.status in ('paid', 'refunded') and o.currency_code is not null and o.totals ->> 'totalPrice' is not null
          and o.created_at >= ${from} and o.created_at < ${to}
        group by 1, 2, 3, 4, 5`,
  );
  const { rows, totals } = reportRows(groups.map((g) => ({ ...g, gross: Number(g.gross), refunds: Number(g.refunds) })));
  return { from, to, touch: query.touch, rows, totals };
}
