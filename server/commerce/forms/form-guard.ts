// The forms' anti-bot checks in one place (issue 26), none of them a third party's: a honeypot field a
// person never fills, the signed time the form was readied (too fast or too old is a bot's), a proof of
// work bound to the form and used once, and limits per client address and per email address. A send that
// fails a check is answered like any other; what it failed is kept with it (its score).
import type { Challenge } from 'altcha-lib';
import type { Db } from '../../db/connect';
import { createFormLimits, type FormName, type LimitProblem } from './form-limits';
import { signStamp, stampProblem } from './form-stamp';
import { createProofOfWork } from './proof-of-work';

/** What every form sends beside its fields. */
export interface Guarded {
  /** The honeypot: hidden from people, filled by bots that fill every field. */
  website?: string;
  /** The signed time the form was readied (GET /api/form-guard). */
  stamp?: string;
  /** The ALTCHA widget's payload (the solved challenge). */
  altcha?: string;
}

/** The anti-bot checks a send failed. */
export type FailedCheck = 'honeypot' | 'stamp' | 'tooFast' | 'tooOld' | 'pow' | 'powReplay';

export interface Screening {
  /** Empty: a person's send. */
  failedChecks: FailedCheck[];
  /** Over a limit: nothing is kept or mailed. */
  overLimit: LimitProblem | null;
}

export interface FormGuardKeys {
  /** Signs the forms' stamps (derived from the merchant token). */
  stampKey: Buffer;
  /** Signs the proof-of-work challenges (derived from the merchant token). */
  powSecret: string;
}

export function createFormGuard(db: Db, keys: FormGuardKeys, now: () => Date = () => new Date()) {
  const pow = createProofOfWork(db, keys.powSecret);
  const limits = createFormLimits(db);
  return {
    /** What a form needs before it is sent: its stamp and a challenge to solve. */
    async issue(form: FormName): Promise<{ stamp: string; challenge: Challenge }> {
      const at = now().getTime();
      return { stamp: signStamp(keys.stampKey, form, at), challenge: await pow.challenge(form, at) };
    },

    /** Every check of a send (each is run, so a bot's answer takes as long as a person's). */
    async screen(form: FormName, sent: Guarded, ip: string, emailKey: string | null): Promise<Screening> {
      const at = now();
      const [powProblem, overLimit] = await Promise.all([pow.problem(form, sent.altcha), limits.attempt(form, ip, emailKey, at)]);
      const failedChecks: FailedCheck[] = [];
      if (sent.website?.trim()) failedChecks.push('honeypot');
      const stamp = stampProblem(keys.stampKey, form, sent.stamp, at.getTime());
      if (stamp) failedChecks.push(stamp);
      if (powProblem) failedChecks.push(powProblem);
      return { failedChecks, overLimit };
    },

    /** Forgets what no check needs any more (the hourly job). */
    async sweep(): Promise<void> {
      await Promise.all([pow.sweep(now()), limits.sweep(now())]);
    },
  };
}

export type FormGuard = ReturnType<typeof createFormGuard>;
