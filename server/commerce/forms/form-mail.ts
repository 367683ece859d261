/**
 * The mails of the shopper's forms, as the domain hands them to the app (which writes them in the right
 * language, server/mail/form-mails.ts, and sends them without making the answer wait). `merchant` mails go
 * to the shop's own address (the app's `merchantEmail`), with the shopper as the reply-to.
 */
export type FormMail =
  | {
      kind: 'contact';
      to: 'merchant';
      replyTo: string;
      locale: string;
      id: number;
      name: string;
      email: string;
      phone: string | null;
      message: string;
    }
  /** The shopper's copy of what they wrote. */
  | { kind: 'contactCopy'; to: string; locale: string; name: string; message: string }
  | {
      kind: 'feedback';
      to: 'merchant';
      replyTo: string | null;
      locale: string;
      id: number;
      rating: number;
      message: string;
      pagePath: string | null;
    }
  /** The double opt-in's link; `unsubscribe` is the subscriber's standing unsubscribe link. */
  | { kind: 'newsletterConfirm'; to: string; locale: string; secret: string; unsubscribe: UnsubscribeLink }
  | { kind: 'newsletterWelcome'; to: string; locale: string; unsubscribe: UnsubscribeLink };

/** A subscriber's unsubscribe link: its id and the shop's signature of it (newsletter-links.ts). */
export interface UnsubscribeLink {
  id: number;
  sig: string;
}

export type SendFormMail = (mail: FormMail) => void;
