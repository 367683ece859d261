// Declining an offer: in the offer's locked transaction, the offer is `declined` and its order lets go of
// its stock (`cancelPendingOrder`, the compensation of placing it); answered once, replayed after.
import type { OfferAnswer } from '../../../schemas/generated/api';
import { cancelPendingOrder } from '../orders/release-orders';
import { answeredMeanwhile, findOffer, inOfferLock, isBuyer, notTheBuyer, type OfferKit } from './offer-kit';
import { moveOffer, pathAfterOffer } from './offer-state';

/** Declines an offer: its order lets go of its stock (once); answered once, replayed after. */
export async function declineOffer(kit: OfferKit, token: string, visitorId?: string): Promise<OfferAnswer> {
  const { row: found, main } = await findOffer(kit, token);
  if (!isBuyer(main, visitorId)) throw notTheBuyer(main);
  const now = new Date();
  return inOfferLock(kit, found.token, main.token!, now, async (tx, locked, busy, recorded) => {
    const { row, order } = locked;
    // Being charged (paid, perhaps): a decline now could not say what the buyer gets.
    if (busy) throw answeredMeanwhile();
    if (row.status !== 'shown' && row.status !== 'accepting')
      return {
        status: row.status,
        next: row.next ?? (await pathAfterOffer(tx, row, main.token!, 'onDecline')),
      } as OfferAnswer;
    // Shown, or a claim left by a process that stopped (a charge it made is refunded when recorded).
    const next = await pathAfterOffer(tx, row, main.token!, 'onDecline');
    recorded((await moveOffer(tx, locked, 'declined', next, now)).event);
    if (order) await cancelPendingOrder(tx, order.id);
    return { status: 'declined', next };
  });
}
