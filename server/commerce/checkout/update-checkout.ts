// Saves what the shopper told the checkout (spec section 7: POST api/multicurrency/general/checkout-onepage
// and asyncPayInfoSave): contact, shipping address, billing address (or "same as shipping"), shipping
// choice, insurance, tip. Every field given is checked with the rules of spec section 5
// (schemas/checkout-rules.ts, the same the form uses); the answer to bad fields is one 400 naming each
// (`{ path, message, rule }`), and nothing is saved. A completed checkout cannot change. A new email is
// checked against the discount code on the checkout (once per customer): a code it can no longer use is
// taken off in the same save, and the answer says which and why (`couponRemoved`).
import { eq } from 'drizzle-orm';
import * as rules from '../../../schemas/checkout-rules';
import type { CheckoutUpdate, CouponRemoved } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { checkouts, type CheckoutAddress } from '../../db/checkout-schema';
import { couponProblem } from '../cart/coupons';
import { emailKey } from '../email-key';
import { badRequest, ShopError } from '../errors';
import { findCheckout } from './find-checkout';
import { servesDestination, shippingCountries, UNSUPPORTED_COUNTRY } from '../pricing/shipping';
import type { Reference } from '../reference';

export interface FieldProblem {
  path: string;
  message: string;
  rule: string;
}

export async function addressProblems(reference: Reference, served: Set<string>, address: CheckoutAddress, at: string) {
  const problems: FieldProblem[] = [];
  const add = (field: string, problem: rules.Problem | null) =>
    problem && problems.push({ path: `${at}/${field}`, message: rules.PROBLEM_MESSAGES[problem], rule: problem });
  const known = await reference.countryRules(address.country);
  // A country the shop does not ship to is the problem to tell; its province and postcode do not matter.
  const country = known && served.has(address.country) ? known : null;
  if (!country) problems.push({ path: `${at}/country`, message: UNSUPPORTED_COUNTRY, rule: 'unsupportedCountry' });
  add('firstName', rules.required(address.firstName));
  add('lastName', rules.required(address.lastName));
  add('address1', rules.addressLine(address.address1));
  add('city', rules.required(address.city));
  if (country?.provinces.length) {
    const listed = country.provinces.some((p) => p.code === address.province);
    add('province', rules.required(address.province) ?? (listed ? null : 'required'));
  }
  if (country) add('zip', rules.zip(address.zip, country));
  add('phone', rules.phone(address.phone));
  return problems;
}

export async function updateCheckout(
  db: Db,
  reference: Reference,
  token: string,
  update: CheckoutUpdate,
  /** The language and currency the shopper is using now (the order and its mail use them). */
  seen: { locale: string; currencyCode: string },
  /** Told when the shopper gives the checkout its first contact or its first way of shipping (funnel pixel events). */
  onFirst?: (what: 'contact' | 'shipping', row: typeof checkouts.$inferSelect) => Promise<void>,
): Promise<{ saved: typeof checkouts.$inferSelect; couponRemoved: CouponRemoved | null }> {
  const row = await findCheckout(db, token);
  if (row.status !== 'open') throw new ShopError('orderAlreadySettled', 'This checkout is complete and can no longer change.');
  const settings = await reference.checkout();
  const served = new Set(shippingCountries(settings.shippingTemplates));
  const problems: FieldProblem[] = [];
  if (update.email !== undefined) {
    const problem = rules.email(update.email);
    if (problem) problems.push({ path: '/email', message: rules.PROBLEM_MESSAGES[problem], rule: problem });
  }
  if (update.shippingAddress)
    problems.push(...(await addressProblems(reference, served, update.shippingAddress, '/shippingAddress')));
  const asShipping = update.asShippingAddress ?? row.asShippingAddress;
  if (!asShipping && update.billingAddress) {
    problems.push(...(await addressProblems(reference, served, update.billingAddress, '/billingAddress')));
  }
  if (update.tip !== undefined) {
    const problem = rules.tip(update.tip, settings.tip.enabled ? settings.tip.max : 0);
    if (problem) problems.push({ path: '/tip', message: rules.PROBLEM_MESSAGES[problem], rule: problem });
  }
  if (update.insurance && !settings.shippingInsurance.enabled) {
    problems.push({ path: '/insurance', message: 'is not offered by this shop', rule: 'notOffered' });
  }
  // Every choice priced for the destination is checked against the destination as it will be: a way of
  // shipping named now must serve it (400); one chosen for an earlier address that does not serve the new
  // one is dropped, so the shopper chooses again (it would otherwise have no price there).
  const destination = update.shippingAddress ?? row.shippingAddress;
  const named = update.shippingTemplateId !== undefined && update.shippingTemplateId !== null;
  const templateId = update.shippingTemplateId !== undefined ? update.shippingTemplateId : row.shippingTemplateId;
  const choiceServed =
    templateId !== null &&
    destination !== null &&
    servesDestination(settings.shippingTemplates, { country: destination.country, province: destination.province }, templateId);
  if (named && !problems.length && !choiceServed) {
    problems.push({ path: '/shippingTemplateId', message: 'is not a way of shipping to this address', rule: 'shipping' });
  }
  const dropChoice = !named && templateId !== null && destination !== null && !choiceServed;
  if (problems.length) {
    throw badRequest(`The checkout is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, {
      errors: problems,
      errorCount: problems.length,
    });
  }
  const couponRemoved = await couponForNewEmail(db, row, update.email);
  const changes = {
    ...(update.email !== undefined ? { email: update.email.trim() } : {}),
    ...(couponRemoved ? { couponCode: null } : {}),
    ...(update.acceptsMarketing !== undefined ? { acceptsMarketing: update.acceptsMarketing } : {}),
    ...(update.shippingAddress ? { shippingAddress: update.shippingAddress } : {}),
    ...(update.asShippingAddress !== undefined ? { asShippingAddress: update.asShippingAddress } : {}),
    ...(update.billingAddress ? { billingAddress: update.billingAddress } : {}),
    ...(update.shippingTemplateId !== undefined ? { shippingTemplateId: update.shippingTemplateId } : {}),
    ...(dropChoice ? { shippingTemplateId: null } : {}),
    ...(update.insurance !== undefined ? { insurance: update.insurance } : {}),
    ...(update.tip !== undefined ? { tip: update.tip } : {}),
  };
  // Saved again as it was (the payment step saves before paying): the checkout has not changed, so an
  // order waiting for its payment (a declined card, a failed 3-D Secure) stays the order paid next.
  const changed = Object.entries(changes).some(([field, value]) => !sameValue(value, row[field as keyof typeof row]));
  const [saved] = await db
    .update(checkouts)
    .set({
      ...changes,
      locale: seen.locale,
      currencyCode: seen.currencyCode,
      ...(changed ? { updatedAt: new Date() } : {}),
    })
    .where(eq(checkouts.id, row.id))
    .returning();
  if (onFirst && !row.email && saved!.email) await onFirst('contact', saved!);
  if (onFirst && row.shippingTemplateId === null && saved!.shippingTemplateId !== null) await onFirst('shipping', saved!);
  return { saved: saved!, couponRemoved };
}

/**
 * The discount code on the checkout checked for the email it is given (only when the email changes): a
 * code the new email cannot use is taken off, as Shopify's checkout does, with the reason to tell the
 * shopper. Taking it off (rather than keeping it, flagged, on a checkout that can then not be paid) keeps
 * "Complete order" working: the total shown is the total paid, and the shopper may apply another code.
 */
async function couponForNewEmail(
  db: Db,
  row: typeof checkouts.$inferSelect,
  email: string | undefined,
): Promise<CouponRemoved | null> {
  if (!row.couponCode || email === undefined || emailKey(email) === emailKey(row.email ?? '')) return null;
  const { problem } = await couponProblem(db, row.couponCode, { email, checkoutId: row.id });
  return problem ? { code: row.couponCode, problem } : null;
}

/** Equal as JSON, whatever the order of keys (the database gives jsonb's keys back in its own order). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return (a ?? null) === (b ?? null);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
