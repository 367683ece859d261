// The abandoned-checkout job (issue 8): run every few minutes by the server process (server/jobs/schedule.ts;
// any number of processes may run it at once). Each checkout left untouched for `abandonedAfterMs` (one hour by default)
// with an email whose owner accepted marketing gets one reminder: it is claimed first with one conditional
// UPDATE (server/commerce/checkout/abandoned.ts), so it is mailed once at most. A mail that fails is logged
// and not sent again: one reminder is the promise, and a mail server that refuses it should not turn
// into a retry loop.
import type { Translator } from '../../renderer/i18n/translator';
import type { Db } from '../db/connect';
import { cacheGroup } from '../commerce/cache';
import { createCatalog } from '../commerce/catalog/catalog';
import { createPromotions } from '../commerce/catalog/promotions';
import {
  ABANDONED_AFTER_MS,
  abandonedCheckoutIds,
  claimAbandonedCheckout,
  recoverySummary,
} from '../commerce/checkout/abandoned';
import type { Currency } from '../commerce/pricing/currency';
import { createSiteService } from '../commerce/site';
import { checkoutRecoveryMail } from '../mail/checkout-recovery';
import { createLogger, logTo } from '../log/logger';
import type { Mailer } from '../mail/mailer';

export { ABANDONED_AFTER_MS };

export interface RecoveryJobOptions {
  mailer: Mailer;
  now?: Date;
  /** How long a checkout is left untouched before it counts as abandoned (ABANDONED_AFTER_MS: 60 minutes). */
  abandonedAfterMs?: number;
  publicUrl: string;
  translatorFor: (locale: string) => Translator;
  shopName: string;
  /** How many checkouts one run handles at most (the next run takes the rest). */
  batch?: number;
  log?: (message: string, error?: unknown) => void;
}

/** Sends the reminders due now; answers how many mails went out. */
export async function recoverAbandonedCheckouts(db: Db, options: RecoveryJobOptions): Promise<number> {
  const now = options.now ?? new Date();
  const abandonedAfterMs = options.abandonedAfterMs ?? ABANDONED_AFTER_MS;
  const log = options.log ?? logTo(createLogger());
  const ids = await abandonedCheckoutIds(db, { now, abandonedAfterMs, limit: options.batch ?? 100 });
  if (!ids.length) return 0;
  // Read once per run: the job runs rarely, and what it reads must be current.
  const site = createSiteService(db, cacheGroup(0));
  const promotions = createPromotions(db, createCatalog(db, cacheGroup(0)), cacheGroup(0));
  const currencies = (await site.get()).currencies as Currency[];
  const base = currencies[0]!;
  let sent = 0;
  for (const id of ids) {
    const checkout = await claimAbandonedCheckout(db, id, { now, abandonedAfterMs });
    if (!checkout) continue;
    try {
      const currency = currencies.find((c) => c.code === checkout.currencyCode) ?? base;
      const summary = await recoverySummary(db, promotions, checkout, currency, base);
      const mail = checkoutRecoveryMail(summary, {
        t: options.translatorFor(checkout.locale),
        shopName: options.shopName,
        publicUrl: options.publicUrl,
        recoveryKey: checkout.recoveryKey,
        currencies,
      });
      await options.mailer.send({ to: checkout.email, ...mail });
      sent += 1;
    } catch (error) {
      log(`The reminder of abandoned checkout ${checkout.id} could not be sent (it will not be tried again)`, error);
    }
  }
  return sent;
}
