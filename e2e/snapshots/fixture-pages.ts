// What the snapshot run pictures, read from the demo shop's fixtures at run time: a page or funnel added to
// fixtures/pages/ or fixtures/funnels/ is pictured without any test being edited.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Funnel, FunnelStep } from '../../schemas/generated/funnel';

const FIXTURES = join(import.meta.dirname, '../../fixtures');

function readJsonFolder<T>(folder: string): T[] {
  return readdirSync(join(FIXTURES, folder))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(FIXTURES, folder, file), 'utf8')) as T);
}

export interface FixturePage {
  handle: string;
  kind?: string;
}

/** Every fixture page: theme pages of the shop, and funnel pages (shown only as a funnel's step). */
export const fixturePages = (): FixturePage[] => readJsonFolder<FixturePage>('pages');

/** Every fixture funnel. */
export const fixtureFunnels = (): Funnel[] => readJsonFolder<Funnel>('funnels');

/** An offer after the shop's own checkout (fixtures/checkout-triggers.json), as far as the run needs it. */
interface TriggerOffer {
  product: string;
  page?: string;
}
export interface FixtureTrigger {
  name: string;
  products: string[];
  upsell: TriggerOffer;
  downsell?: TriggerOffer;
}

/** Every fixture checkout trigger: offers shown between paying a shop order and its thank-you page. */
export function fixtureTriggers(): FixtureTrigger[] {
  const file = join(FIXTURES, 'checkout-triggers.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FixtureTrigger[]) : [];
}

/** A trigger's offers, upsell first; each drawn on its page (the shop's default offer pages unless named). */
export const triggerOffers = (trigger: FixtureTrigger) =>
  (['upsell', 'downsell'] as const)
    .filter((type) => trigger[type])
    .map((type) => ({ type, page: trigger[type]!.page ?? `checkout-${type}` }));

/** Where the shop shows a theme page (the home page is the shop's front page). */
export const shopPagePath = (handle: string) => (handle === 'home' ? '/' : `/pages/${handle}`);

/** A path in a language: English is the shop's default, at the bare address. */
export const inLanguage = (path: string, lang: string) => (lang === 'en' ? path : `/${lang}${path === '/' ? '' : path}`);

/** The steps that need a paid main order in the buyer's browser to show what a buyer sees. */
export const AFTER_PURCHASE: FunnelStep['type'][] = ['upsell', 'downsell', 'thank-you'];

/** An offer's answer on the way to a step: accept leads to `next`, decline to `onDecline`. */
export interface Answer {
  step: string;
  decision: 'accept' | 'decline';
}

/**
 * The shortest run of offer answers from the funnel's checkout to `target` (empty for the step the checkout
 * leads to), or null when no buyer can reach it.
 */
export function answersTo(funnel: Funnel, target: string): Answer[] | null {
  const byId = new Map(funnel.steps.map((step) => [step.id, step]));
  const checkout = funnel.steps.find((step) => step.type === 'checkout');
  if (!checkout?.next) return null;
  const queue: { id: string; answers: Answer[] }[] = [{ id: checkout.next, answers: [] }];
  const seen = new Set<string>();
  while (queue.length) {
    const { id, answers } = queue.shift()!;
    if (id === target) return answers;
    if (seen.has(id)) continue;
    seen.add(id);
    const step = byId.get(id);
    if (!step || (step.type !== 'upsell' && step.type !== 'downsell')) continue;
    if (step.next) queue.push({ id: step.next, answers: [...answers, { step: id, decision: 'accept' }] });
    if (step.onDecline) queue.push({ id: step.onDecline, answers: [...answers, { step: id, decision: 'decline' }] });
  }
  return null;
}
