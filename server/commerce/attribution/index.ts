// Campaign attribution (issue 27; docs/tracking.md#campaign-attribution): campaign visits recorded per
// visitor, their touches written on orders, and the merchant's report.
import type { Db } from '../../db/connect';
import type { TouchKind } from '../../db/attribution-schema';
import { campaignTouch } from './campaign-touch';
import { recordVisit } from './record-visit';
import { attributionReport } from './attribution-report';

export { UnreadableUrl } from './campaign-touch';

export function createAttribution(db: Db) {
  return {
    /**
     * A visit's address (POST /api/utm): recorded when it carries utm_* parameters; answers whether it
     * did. Throws UnreadableUrl when `fullUrl` is not an address.
     */
    async visit(fullUrl: string, who: { visitorId: string; customerId: number | null }, now: Date): Promise<boolean> {
      const touch = campaignTouch(fullUrl);
      if (!touch) return false;
      await recordVisit(db, { ...who, touch: { ...touch, at: now } });
      return true;
    },
    report: (query: { from: Date; to: Date; touch: TouchKind }) => attributionReport(db, query),
  };
}

export type Attribution = ReturnType<typeof createAttribution>;
