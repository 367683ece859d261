// Checks a funnel's JSON: its shape against schemas/funnel.schema.json, then its steps as a graph. Every
// error points into the funnel (JSON pointer). Pure: whether the pages and products it names exist is the
// store's to check (funnel-store.ts), since that needs the database.
//
// The graph rules: step ids are unique; `next` and `onDecline` name steps of the funnel; the first step
// is a landing page or the checkout; there is a checkout, and every offer (upsell, downsell) comes after
// one on every way to it (an offer charges the payment made there); an offer has a product and a step
// for when it is declined, other steps have neither; every step but the thank-you page has a next step,
// the thank-you page has none; no step leads back to one before it; every step can be reached.
// A save also passes the shop's default locale, which the funnel's texts must hold (default-locale-rule.ts).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Funnel, FunnelStep } from '../../../schemas/generated/funnel';
import funnelSchema from '../../../schemas/funnel.schema.json' with { type: 'json' };
import localizedTextSchema from '../../../schemas/localized-text.schema.json' with { type: 'json' };
import { isOfferStep } from './funnel-paths';
import { defaultLocaleKeyword, type SaveRules } from '../default-locale-rule';
import { dedupeErrors, describeAjvErrors, errorMessageKeyword, shapeErrors, type FieldError } from '../validation';

export type FunnelCheck = { ok: true; funnel: Funnel } | { ok: false; errors: FieldError[] };

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, passContext: true });
    ajv.addKeyword(errorMessageKeyword);
    ajv.addKeyword(defaultLocaleKeyword);
    ajv.addSchema(localizedTextSchema);
    compiled = ajv.compile(funnelSchema);
  }
  return compiled;
}

/** A funnel is small: bounded before the schema sees it, like a page (a variant's patch may carry a block's settings). */
const FUNNEL_SHAPE = { maxDepth: 14, maxProperties: 40 };

export function validateFunnel(input: unknown, rules: SaveRules = {}): FunnelCheck {
  const shape = shapeErrors(input, FUNNEL_SHAPE);
  if (shape.length) return { ok: false, errors: shape };
  const validate = validator();
  if (!validate.call(rules, input)) return { ok: false, errors: dedupeErrors(describeAjvErrors(validate.errors ?? [])) };
  const funnel = input as Funnel;
  const errors = graphErrors(funnel.steps);
  return errors.length ? { ok: false, errors } : { ok: true, funnel };
}

const article = (type: string) => (/^[aeiou]/.test(type) ? 'an' : 'a');

/** The rules a funnel's steps follow as a graph (see the top of this file). */
export function graphErrors(steps: readonly FunnelStep[]): FieldError[] {
  const errors: FieldError[] = [];
  const at = (i: number, property?: string) => `/steps/${i}${property ? `/${property}` : ''}`;
  const index = new Map<string, number>();
  steps.forEach((step, i) => {
    const first = index.get(step.id);
    if (first === undefined) index.set(step.id, i);
    else errors.push({ path: at(i, 'id'), message: `is the id of step ${first} too: each step needs its own` });
  });

  steps.forEach((step, i) => {
    const offer = isOfferStep(step);
    for (const property of ['next', 'onDecline'] as const) {
      const target = step[property];
      if (target !== undefined && !index.has(target))
        errors.push({ path: at(i, property), message: `names no step ("${target}")` });
    }
    if (step.type === 'thank-you') {
      if (step.next !== undefined)
        errors.push({ path: at(i, 'next'), message: 'a thank-you step ends the funnel: it has no next step' });
    } else if (step.next === undefined) {
      errors.push({ path: at(i), message: `needs "next": the step after this ${step.type} step` });
    }
    if (offer) {
      if (step.product === undefined)
        errors.push({ path: at(i), message: `needs "product": the product ${article(step.type)} ${step.type} offers` });
      if (step.onDecline === undefined)
        errors.push({ path: at(i), message: `needs "onDecline": the step when the ${step.type} is declined` });
    } else {
      for (const property of ['product', 'onDecline', 'discount', 'minutes', 'oneClick'] as const) {
        if (step[property] !== undefined)
          errors.push({ path: at(i, property), message: `only an upsell or a downsell has ${property}` });
      }
    }
  });
  const split = steps.findIndex((s) => s.variants);
  steps.forEach((step, i) => {
    const seen = new Map<string, number>();
    step.variants?.forEach((variant, j) => {
      const first = seen.get(variant.id);
      if (first !== undefined)
        errors.push({
          path: at(i, `variants/${j}/id`),
          message: `is the id of variant ${first} too: each variant needs its own`,
        });
      seen.set(variant.id, j);
      if (variant.page !== undefined && variant.patch !== undefined)
        errors.push({ path: at(i, `variants/${j}`), message: "shows another page or patches the step's page, not both" });
    });
    if (step.variants && i !== split)
      errors.push({
        path: at(i, 'variants'),
        message: `only one step of a funnel may be split at a time (step "${steps[split]!.id}" is)`,
      });
  });
  if (steps[0] && steps[0].type !== 'landing' && steps[0].type !== 'checkout') {
    errors.push({ path: at(0, 'type'), message: 'the first step must be a landing page or the checkout' });
  }
  if (!steps.some((s) => s.type === 'checkout')) errors.push({ path: '/steps', message: 'a funnel needs a checkout step' });
  if (errors.length) return errors;

  // Walk from the first step, depth first: a step met again on the way to it is a loop; an offer
  // reached before any checkout cannot charge anything. Each step is walked once with the checkout behind
  // it and once without (what is beyond it depends on nothing else), so the walk is linear in the steps,
  // not in the number of ways through them.
  const reached = new Set<number>();
  const offerBeforeCheckout = new Set<number>();
  const onWay = new Set<number>();
  const walked = new Set<string>();
  const walk = (i: number, paid: boolean) => {
    if (walked.has(`${i}:${paid}`)) return;
    walked.add(`${i}:${paid}`);
    const step = steps[i]!;
    reached.add(i);
    onWay.add(i);
    const nowPaid = paid || step.type === 'checkout';
    if (isOfferStep(step) && !paid) offerBeforeCheckout.add(i);
    for (const property of ['next', 'onDecline'] as const) {
      const target = step[property] === undefined ? undefined : index.get(step[property]!);
      if (target === undefined) continue;
      if (onWay.has(target)) {
        errors.push({ path: at(i, property), message: `leads back to step "${steps[target]!.id}": a funnel may not loop` });
      } else {
        walk(target, nowPaid);
      }
    }
    onWay.delete(i);
  };
  walk(0, false);
  for (const i of offerBeforeCheckout) {
    errors.push({
      path: at(i),
      message: `${article(steps[i]!.type)} ${steps[i]!.type} must come after the checkout (it charges the payment made there)`,
    });
  }
  steps.forEach((step, i) => {
    if (!reached.has(i)) errors.push({ path: at(i), message: `is never reached from the first step ("${steps[0]!.id}")` });
  });
  return dedupeErrors(errors);
}
