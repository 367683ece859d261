// When an order's items may be asked back, and how many (issue 25). Written down in docs/payments.md
// ("Returns").
import type { FulfillmentStatus, PaymentStatus } from '../../db/order-schema';
import type { ReturnStatus } from '../../db/customer-schema';

/**
 * An order's items may be asked back once it is paid and has left the shop: `fulfilled` (packed and
 * handed to the carrier), `shipped` or `delivered`. An order not sent yet is canceled rather than
 * returned; a fully refunded one has nothing left to give back.
 */
export const RETURNABLE_FULFILLMENT: readonly FulfillmentStatus[] = ['fulfilled', 'shipped', 'delivered'];

export const orderReturnable = (order: { status: PaymentStatus; fulfillmentStatus: FulfillmentStatus }): boolean =>
  order.status === 'paid' && RETURNABLE_FULFILLMENT.includes(order.fulfillmentStatus);

/** The returns whose items are spoken for: every one but a rejected one (its items may be asked back again). */
export const HOLDING: readonly ReturnStatus[] = ['requested', 'approved', 'received', 'refunded'];

/** Each move a merchant may make, from the one status it starts from. */
export const MOVES = {
  approved: 'requested',
  rejected: 'requested',
  received: 'approved',
  refunded: 'received',
} as const satisfies Partial<Record<ReturnStatus, ReturnStatus>>;

export type ReturnMoveTarget = keyof typeof MOVES;

/** The reasons a customer chooses from. */
export const RETURN_REASONS = ['damaged', 'wrongItem', 'notAsDescribed', 'tooSmall', 'tooLarge', 'changedMind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
