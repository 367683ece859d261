import type { OfferValidity } from '../../../schemas/generated/api';
import { findOffer, type OfferKit } from './offer-kit';
import { shownStatus } from './offer-view';

/** validateTime: whether the offer can still be accepted, and until when (the server's clock). */
export async function offerValidity(kit: OfferKit, token: string, now = new Date()): Promise<OfferValidity> {
  const { row } = await findOffer(kit, token);
  const status = shownStatus(row.status);
  const open = status === 'shown' && row.expiresAt > now;
  return {
    valid: open,
    status: open || status !== 'shown' ? status : 'expired',
    expiresAt: row.expiresAt.toISOString(),
    secondsLeft: open ? Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000) : 0,
    serverTime: now.toISOString(),
  };
}
