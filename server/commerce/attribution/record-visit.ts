// Records a campaign visit (POST /api/utm) on the visitor's one row: inserted with the visit as both
// touches, or, when the row is there, its last touch replaced. One statement, so two tabs landing at
// once cannot write two first touches; the first touch is never in the update, so it is never changed.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { visitorTouches } from '../../db/attribution-schema';
import type { TimedTouch } from './campaign-touch';
import { afterVisit } from './touch-rules';

export async function recordVisit(
  db: Executor,
  visit: { visitorId: string; customerId: number | null; touch: TimedTouch },
): Promise<void> {
  const { first, last } = afterVisit(null, visit.touch)!;
  await db
    .insert(visitorTouches)
    .values({
      visitorId: visit.visitorId,
      customerId: visit.customerId,
      firstSource: first.source,
      firstMedium: first.medium,
      firstCampaign: first.campaign,
      firstTerm: first.term,
      firstContent: first.content,
      firstLandingPath: first.landingPath,
      firstAt: first.at,
      lastSource: last.source,
      lastMedium: last.medium,
      lastCampaign: last.campaign,
      lastTerm: last.term,
      lastContent: last.content,
      lastLandingPath: last.landingPath,
      lastAt: last.at,
    })
    .onConflictDoUpdate({
      target: visitorTouches.visitorId,
      set: {
        lastSource: sql`excluded.last_source`,
        lastMedium: sql`excluded.last_medium`,
        lastCampaign: sql`excluded.last_campaign`,
        lastTerm: sql`excluded.last_term`,
        lastContent: sql`excluded.last_content`,
        lastLandingPath: sql`excluded.last_landing_path`,
        lastAt: sql`excluded.last_at`,
        // A signed-out visit keeps the customer a signed-in one named.
        customerId: sql`coalesce(excluded.customer_id, ${visitorTouches.customerId})`,
      },
    });
}
