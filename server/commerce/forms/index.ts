// The shopper's forms (issue 26): contact messages and feedback, the newsletter, and the anti-bot checks
// they share, over one database.
import type { Db } from '../../db/connect';
import type { EmailProofs } from '../customers/email-proofs';
import { derivedKey } from '../signing';
import type { SendFormMail } from './form-mail';
import { createFormGuard } from './form-guard';
import { createNewsletter } from './newsletter';
import { createShopperMessages } from './shopper-messages';

export interface FormKeys {
  stampKey: Buffer;
  powSecret: string;
  unsubscribeKey: Buffer;
}

/** The forms' keys, each derived from the merchant token for its purpose (a new token voids them all). */
export const formKeys = (merchantToken: string): FormKeys => ({
  stampKey: derivedKey('vitrine form stamps', merchantToken),
  powSecret: derivedKey('vitrine proof of work', merchantToken).toString('hex'),
  unsubscribeKey: derivedKey('vitrine newsletter unsubscribe', merchantToken),
});

export interface FormOptions {
  keys: FormKeys;
  proofs: EmailProofs;
  mail: SendFormMail;
  background: (task: () => Promise<void>) => void;
  words: (locale: string, key: string) => string;
  log?: (message: string) => void;
}

export function createForms(db: Db, options: FormOptions) {
  const guard = createFormGuard(db, options.keys);
  return {
    guard,
    messages: createShopperMessages(db, { guard, mail: options.mail, log: options.log }),
    newsletter: createNewsletter(db, {
      proofs: options.proofs,
      guard,
      mail: options.mail,
      background: options.background,
      words: options.words,
      unsubscribeKey: options.keys.unsubscribeKey,
      log: options.log,
    }),
  };
}

export type Forms = ReturnType<typeof createForms>;
