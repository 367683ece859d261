// What a shopper's browser sends beside a form's fields (docs/forms.md), made for tests: the form's stamp
// (as if the form had been readied a while ago: signed with the key the test shop derives from its
// merchant token) and the ALTCHA challenge of GET /api/form-guard, solved as the widget solves it.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { formKeys } from '../../server/commerce/forms';
import { signStamp } from '../../server/commerce/forms/form-stamp';
import { MERCHANT_TOKEN, type TestShop } from './test-app';

export type FormName = 'contact' | 'feedback' | 'subscribe';

export interface Guard {
  stamp: string;
  altcha: string;
}

/** A fresh challenge of the shop for the form, solved, and a stamp `ageMs` old (10 s unless told). */
export async function solvedGuard(shop: Pick<TestShop, 'app'>, form: FormName, ageMs = 10_000): Promise<Guard> {
  const answer = (await (await shop.app.request(`/api/form-guard?form=${form}`)).json()) as {
    data: { challenge: Challenge };
  };
  const challenge = answer.data.challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof-of-work challenge was not solved');
  return {
    stamp: stampFor(form, Date.now() - ageMs),
    altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  };
}

/** A stamp of the test shop for the form, as if it had been issued at `issuedAt`. */
export const stampFor = (form: FormName, issuedAt: number) => signStamp(formKeys(MERCHANT_TOKEN).stampKey, form, issuedAt);
