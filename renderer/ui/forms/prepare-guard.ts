// A form's guard, readied when the shopper starts on it: the shop's signed stamp and challenge
// (GET /api/form-guard), and the challenge solved by the ALTCHA widget in the background (solve-pow.ts,
// loaded only now). A form sent sooner than the shop's least time after its stamp waits out the rest, so a
// quick shopper is never taken for a bot.
import type { ApiClient } from '../../api/client';
import type { FormGuardQuery } from '../../../schemas/generated/api';

/** A little more than the server's least time (server/commerce/forms/form-stamp.ts: 3 s). */
const MIN_FILL_MS = 3_300;

export interface Prepared {
  stamp: string;
  /** When the stamp arrived, by this browser's clock. */
  readyAt: number;
  /** The widget's payload; its failure sends no proof (the shop then keeps the message as a bot's). */
  altcha: Promise<string | undefined>;
}

export interface GuardFields {
  stamp: string;
  altcha?: string;
  /** The honeypot, as a person leaves it. */
  website: string;
}

export async function prepareGuard(api: ApiClient, form: FormGuardQuery['form']): Promise<Prepared> {
  const { stamp, challenge } = await api.request('get /form-guard', { query: { form } });
  const readyAt = Date.now();
  const altcha = import('./solve-pow').then(
    (pow) => pow.solvePow(challenge),
    () => undefined,
  );
  return { stamp, readyAt, altcha: altcha.catch(() => undefined) };
}

export async function guardFields(prepared: Prepared): Promise<GuardFields> {
  const wait = prepared.readyAt + MIN_FILL_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const altcha = await prepared.altcha;
  return { stamp: prepared.stamp, website: '', ...(altcha ? { altcha } : {}) };
}
