// The tail of the statement that makes an order paid (orders/settle-payment.ts `payOrderSql`): the
// purchase's one event id, and its outbox rows, written in that same statement, so there is exactly one
// of each per paid order and none for an order that was not paid. Which platforms get a server event is
// decided here, from what the database holds at that moment: the used-apps entries that are ON
// (`pixel`, `tiktok`, `snapchat`) and the consent the order was placed under (an offer's order: its main
// order's). Without advertising consent no row is written, and the purchase event says why.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { orderAdConsents, purchaseEvents, serverEventOutbox } from '../../db/purchase-events-schema';
import { orderLines, orders } from '../../db/order-schema';
import { referenceData } from '../../db/schema';
import { SERVER_EVENT_PLATFORMS } from './platforms';

/** A new purchase event id: `purchase.<uuid>` (random: nothing about the order can be read from it). */
export const newPurchaseEventId = () => `purchase.${randomUUID()}`;

const platforms = sql.join(
  SERVER_EVENT_PLATFORMS.map((p) => sql`${p}`),
  sql`, `,
);

/** CTEs after `paid` (a CTE returning the orders made paid, `id`); `now` is the paid time (ISO). */
export const purchaseEventSql = (now: string, eventId = newPurchaseEventId()) => sql`
  ad_consent as (
    select paid.id as order_id,
      coalesce(own.advertising, main.advertising, false) as advertising,
      coalesce(own.chosen, main.chosen, false) as chosen,
      case when own.order_id is not null then own.match else main.match end as match
    from paid
    join ${orders} o on o.id = paid.id
    left join ${orderAdConsents} own on own.order_id = o.id
    left join ${orderAdConsents} main on main.order_id = o.parent_order_id),
  ad_apps as (
    select distinct app->>'code' as platform
    from ${referenceData} r
    cross join lateral jsonb_array_elements(case when jsonb_typeof(r.value) = 'array' then r.value else '[]'::jsonb end) as app
    where r.key = 'apps' and app->>'status' = 'ON' and app->>'code' in (${platforms})),
  purchase as (
    insert into ${purchaseEvents} (order_id, event_id, skipped_reason, created_at)
    select c.order_id, ${eventId}::text,
      case when not c.advertising then case when c.chosen then 'consentRefused' else 'consentNotGiven' end
           when not exists (select 1 from ad_apps) then 'noAdApp' end,
      ${now}::timestamptz
    from ad_consent c
    on conflict (order_id) do nothing
    returning id, order_id, event_id, skipped_reason),
  outbox as (
    insert into ${serverEventOutbox} (purchase_event_id, order_id, event_id, platform, payload, status, attempts, next_attempt_at, created_at)
    select p.id, p.order_id, p.event_id, a.platform,
      jsonb_build_object(
        'eventName', 'Purchase',
        'eventTime', ${now}::text,
        'orderNumber', o.number,
        'value', (o.totals->>'totalPrice')::int,
        'currency', o.currency_code,
        'items', (select coalesce(jsonb_agg(jsonb_build_object(
                    'skuId', l.sku_id, 'productId', l.product_id, 'quantity', l.quantity, 'price', l.price) order by l.id), '[]'::jsonb)
                  from ${orderLines} l where l.order_id = o.id),
        'emailSha256', case when coalesce(trim(o.email), '') = '' then null
                            else encode(sha256(convert_to(lower(trim(o.email)), 'UTF8')), 'hex') end,
        'match', c.match),
      'pending', 0, ${now}::timestamptz, ${now}::timestamptz
    from purchase p
    join ${orders} o on o.id = p.order_id
    join ad_consent c on c.order_id = p.order_id
    cross join ad_apps a
    where p.skipped_reason is null
    on conflict (order_id, platform) do nothing
    returning 1)`;
