// A subscriber's unsubscribe link, the same in every mail it gets (spec-less; RFC 8058 one-click): the
// subscriber's id and an HMAC of it with a key derived from the merchant token. Nothing to store, every
// process checks it alike, and it works for as long as the shop keeps its token.
import { signature, signatureMatches } from '../signing';
import type { UnsubscribeLink } from './form-mail';

export const unsubscribeLink = (key: Buffer, id: number): UnsubscribeLink => ({ id, sig: signature(key, 'unsubscribe', id) });

export const isUnsubscribeLink = (key: Buffer, link: UnsubscribeLink): boolean =>
  Number.isSafeInteger(link.id) && link.id > 0 && signatureMatches(key, link.sig, 'unsubscribe', link.id);
