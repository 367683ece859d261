// Accepting an offer, in the steps of a workflow: claim it (one locked transaction: state checked, the
// SKU fixed and priced, the offer `accepting`, its order kept from the expiry job), charge the claim
// (outside any transaction, exactly what the claim priced, under the claim's idempotency key), record
// the answer. Compensations, each named: a charge that took no money lets the claim go (`letClaimGo`:
// the offer is `shown` again, its order's hold undone); money taken when the order could no longer take
// it is refunded where the answer is recorded (orders/pay-order.ts `recordAnswer`); an offer past its
// window gives its stock back (`cancelPendingOrder`). offers.ts tells the whole story and the lock order.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OfferAnswer } from '../../../schemas/generated/api';
import type { Executor } from '../../db/connect';
import { skus } from '../../db/catalog-schema';
import { funnelOffers } from '../../db/funnel-schema';
import { orderLines, orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import type { PaymentResult } from '../../payments/provider';
import { takes } from '../../payments/method-use';
import type { OfferedMethod } from '../../payments/registry';
import { skuDetails, variantText } from '../catalog/sku-details';
import { badRequest, conflict, ShopError } from '../errors';
import { recordAnswer, type PayAnswer } from '../orders/pay-order';
import { paymentOutcome } from '../orders/payment-outcome';
import type { OrderContext, OrderRow } from '../orders/place-order';
import { cancelPendingOrder } from '../orders/release-orders';
import { giveBackStock, takeStock } from '../orders/take-stock';
import { chargeKey, claimAtOnce, letClaimGo, paymentWaits, recordAccepted, type Claimed } from './offer-claims';
import { answeredMeanwhile, ended, findOffer, inOfferLock, isBuyer, notTheBuyer, type OfferKit } from './offer-kit';
import { offerUse, pricingOf } from './offer-source';
import { offerTotals } from './offer-view';
import { CLAIM_HOLD_MS, moveOffer, pathAfterOffer, type LockedOffer, type OfferRow } from './offer-state';

type Found = Awaited<ReturnType<typeof findOffer>>;
type SkuChoice = Awaited<ReturnType<typeof skuChoice>>;
interface AcceptInput {
  paymentToken?: string;
  skuId?: number;
}

/**
 * Another SKU of the offered product (another size), priced as an offer (read before the offer is
 * locked: the catalog holds no lock); 400 when it is not one of the product's choices.
 */
async function skuChoice({ db, views }: OfferKit, row: OfferRow, order: OrderRow, skuId: number) {
  const details = (await skuDetails(db, [skuId], order.locale ?? 'en')).get(skuId);
  const [held] = await db.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, order.id));
  if (!details || details.productId !== held?.productId || details.status !== 'active')
    throw badRequest('This is not one of the offered product’s choices.', {
      errors: [{ path: '/skuId', message: 'is not a SKU of the offered product', rule: 'offerSku' }],
    });
  return { skuId, details, price: await views.price(details.basePrice, await pricingOf(db, row), order.currencyCode) };
}

/**
 * The locked offer's order taken in another SKU: the held unit goes back, one of the new SKU is held
 * (5003 when it is sold out: the transaction rolls back, nothing changed), and the order is priced anew.
 * Both SKUs are locked first, by id (the lock order of offers.ts).
 */
async function swapSku(tx: Executor, order: OrderRow, choice: Awaited<ReturnType<typeof skuChoice>>): Promise<OrderRow> {
  const [line] = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  if (!line || line.skuId === choice.skuId) return order;
  await tx
    .select({ id: skus.id })
    .from(skus)
    .where(inArray(skus.id, [line.skuId, choice.skuId]))
    .orderBy(asc(skus.id))
    .for('no key update');
  await giveBackStock(tx, [order.id]);
  const { details, price } = choice;
  await tx
    .update(orderLines)
    .set({
      skuId: choice.skuId,
      unitPrice: details.basePrice,
      title: details.title,
      variant: variantText(details.options),
      image: details.imageFile,
      price: price.full,
      total: price.line,
    })
    .where(eq(orderLines.id, line.id));
  await takeStock(tx, [{ skuId: choice.skuId, quantity: line.quantity }]);
  const [priced] = await tx
    .update(orders)
    .set({
      totals: {
        ...order.totals!,
        ...offerTotals(price),
      },
      totalBase: price.baseAmount,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return priced!;
}

/**
 * Step 1, the claim, in the offer's locked transaction: its state checked (an expired offer ends, an
 * answered one replays its answer), the chosen SKU swapped in, and the offer moved to `accepting` with the
 * charge's idempotency key; its order is held past the claim's time so the expiry job leaves it.
 */
async function claimLocked(
  tx: Executor,
  locked: LockedOffer,
  busy: boolean,
  found: Found,
  method: OfferedMethod | undefined,
  choice: SkuChoice | null,
  input: AcceptInput,
  now: Date,
): Promise<{ ended: string } | { answer: OfferAnswer } | { claim: Claimed }> {
  const { main, payment } = found;
  const { row, order } = locked;
  if (busy) throw answeredMeanwhile();
  if (row.status === 'expired') return { ended: row.next ?? (await pathAfterOffer(tx, row, main.token!, 'onDecline')) };
  if (row.status !== 'shown' && row.status !== 'accepting')
    return { answer: { status: row.status, next: row.next! } as OfferAnswer };
  // `accepting` here is a claim left by a process that stopped: taken over as it stands (its SKU and
  // amount fixed, the same idempotency key), whatever the window says.
  const takeover = row.status === 'accepting';
  if (!takeover && row.expiresAt <= now) {
    const next = await pathAfterOffer(tx, row, main.token!, 'onDecline');
    await moveOffer(tx, locked, 'expired', next, now);
    if (order) await cancelPendingOrder(tx, order.id);
    return { ended: next };
  }
  // A method no longer taken where the main order was paid is not charged again (method-use.ts), unless a
  // claim it made is taken over (that charge may have gone through: its key replays it).
  if (!payment || !method || !order || (!takeover && !takes(method, offerUse(row))))
    throw new ShopError('paymentMethodError', 'The payment of the main order cannot be charged again.');
  if (row.path === 'sheet' && !input.paymentToken)
    throw badRequest('Approve the payment in the wallet first.', {
      errors: [{ path: '/paymentToken', message: 'is required for a wallet sheet', rule: 'required' }],
    });
  let claimed = order;
  // The line is read only when another size is asked for (the buyer waits on "pay now").
  const [line] = choice ? await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)) : [];
  if (choice && line && line.skuId !== choice.skuId) {
    // What a charge under way or a payment still waiting will take is fixed: not another size now.
    if (takeover || (await paymentWaits(tx, order.id)))
      throw conflict('This offer is being paid in the size chosen first: it cannot change now.');
    claimed = await swapSku(tx, order, choice);
  }
  const key = await chargeKey(tx, row, order.id);
  const claimedAt = new Date();
  await tx.update(funnelOffers).set({ status: 'accepting', answeredAt: claimedAt }).where(eq(funnelOffers.token, row.token));
  const holdUntil = new Date(claimedAt.getTime() + CLAIM_HOLD_MS);
  let heldUntil: Date | null = null;
  if (!claimed.expiresAt || claimed.expiresAt < holdUntil) {
    await tx.update(orders).set({ expiresAt: holdUntil }).where(eq(orders.id, order.id));
    claimed = { ...claimed, expiresAt: holdUntil };
    heldUntil = holdUntil;
  }
  return { claim: { order: claimed, key, claimedAt, heldUntil, path: row.path } };
}

/** Step 2, the charge: only the claimant charges, exactly the order's total as the claim priced it. */
async function chargeClaim(
  { deps }: OfferKit,
  claimed: Claimed,
  found: Found,
  method: OfferedMethod,
  input: AcceptInput,
  locale: string,
): Promise<PaymentResult> {
  const { payment } = found;
  const { order, key: idempotencyKey, path } = claimed;
  const request = {
    method: method.code,
    options: method.options,
    orderNumber: order.number!,
    orderToken: order.token!,
    amount: order.totals!.totalPrice,
    currencyCode: order.currencyCode!,
    origin: deps.origin,
    locale,
    email: order.email ?? undefined,
    shippingAddress: order.shippingAddress,
    idempotencyKey,
    ...(path === 'sheet' ? { paymentToken: input.paymentToken } : {}),
    ...(payment!.bank ? { bank: payment!.bank } : {}),
  };
  const handler = method.handler;
  const cannot = { status: 'failed', decline: 'paymentError', reference: '' } as const;
  // A provider that fails to answer (it throws) leaves the claim: whether it charged is unknown, so the
  // offer waits until the claim is old enough to be taken over with the same key (CLAIM_MS).
  return path === 'charge'
    ? handler.chargeAgain
      ? await handler.chargeAgain(payment!.providerReference!, request)
      : cannot
    : path === 'add'
      ? handler.addToPending
        ? await handler.addToPending(payment!.providerReference!, request)
        : cannot
      : await handler.createPayment(request);
}

/**
 * Accepts an offer: charged with the main order's payment (or, for a sheet wallet, the approval of its
 * one tap; for a bank, on the bank's page). Answered once; any later answer replays the first.
 */
export async function acceptOffer(
  kit: OfferKit,
  token: string,
  input: AcceptInput,
  context: Pick<OrderContext, 'now' | 'locale'>,
  visitorId?: string,
): Promise<{ answer: OfferAnswer; paid?: PayAnswer }> {
  const { db, deps } = kit;
  const found = await findOffer(kit, token);
  const { row: offer, main, payment, order: held } = found;
  if (!isBuyer(main, visitorId)) throw notTheBuyer(main);
  const method = payment ? await deps.method(payment.method) : undefined;
  // Another size or colour than the one held: found and priced before the offer is locked.
  const choice = input.skuId && held ? await skuChoice(kit, offer, held, input.skuId) : null;

  // The usual case claims in one statement (offer-claims.ts); anything else under the offer's lock.
  const atOnce =
    !choice && payment && method && held && takes(method, offerUse(offer)) && (offer.path !== 'sheet' || input.paymentToken)
      ? await claimAtOnce(db, offer, held, context.now)
      : null;
  const claim = atOnce
    ? { claim: atOnce }
    : await inOfferLock(kit, offer.token, main.token!, context.now, (tx, locked, busy) =>
        claimLocked(tx, locked, busy, found, method, choice, input, context.now),
      );
  if ('ended' in claim) throw ended(claim.ended);
  if ('answer' in claim) return { answer: claim.answer };

  const { order, key: idempotencyKey, claimedAt, heldUntil, path } = claim.claim;
  const result = await chargeClaim(kit, claim.claim, found, method!, input, context.locale);
  // Step 3, the answer recorded.
  let paid: PayAnswer;
  try {
    paid = await recordAnswer(
      db,
      { order, method: method!, idempotencyKey, ...(payment!.bank ? { bank: payment!.bank } : {}) },
      result,
      context,
      async () => {
        const [first] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
        const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
        return { order: now!, payment: first!, newlyPaid: false };
      },
    );
  } catch (error) {
    // Declined (recorded: the buyer may try again), or paid when the order could no longer take it
    // (refunded): no money kept, the claim is let go.
    await letClaimGo(db, offer.token, claimedAt, heldUntil);
    throw error;
  }
  // Added to the main order's voucher: the offer's order waits with it (until the voucher's own
  // deadline) and is paid when the store is.
  const added = path === 'add' && paid.order.status === 'pending' && paid.payment.status === 'pending';
  if (added && main.expiresAt)
    await db
      .update(orders)
      .set({ expiresAt: main.expiresAt })
      .where(and(eq(orders.id, paid.order.id), eq(orders.status, 'pending')));
  const outcome = paymentOutcome(paid.order, paid.payment);
  if (paid.order.status !== 'paid' && !added) {
    // Waiting for the shopper at the provider (a bank's page): the offer is shown again meanwhile; the
    // payment settles its order (then the offer is accepted when next read).
    await letClaimGo(db, offer.token, claimedAt, heldUntil);
    return { answer: { status: 'shown', next: outcome.next }, paid };
  }
  const accepted = await recordAccepted(db, offer.token, outcome.next, context.now);
  if (accepted) deps.events.announce(accepted);
  return { answer: { status: 'accepted', next: outcome.next, orderToken: paid.order.token! }, paid };
}
