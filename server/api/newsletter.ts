// The newsletter: POST api/customer-subscribe of spec section 7 (from the footer and the store password
// page; the checkout's box starts the same double opt-in once its order is paid, server/app.ts), the
// confirmation and the unsubscribe of the mailed links (POSTs from their pages, so a mail scanner that
// fetches a link does nothing; the unsubscribe also as RFC 8058 one-click), and the merchant's list of
// subscribers with the ledger of consent. A sign-up is answered alike for any address (docs/forms.md).
import { Hono, type Context } from 'hono';
import type {
  ConsentRecord,
  FormReceipt,
  LinkRequest,
  NewsletterAnswer,
  SubscribeRequest,
  Subscriber,
  SubscribersQuery,
  UnsubscribeQuery,
} from '../../schemas/generated/api';
import type { Actor, Newsletter } from '../commerce/forms/newsletter';
import { NEWSLETTER_LINKS } from '../mail/form-mails';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { valid, validate } from './validate';

type Listed = Awaited<ReturnType<Newsletter['list']>>['subscribers'][number];

export function newsletterRoutes({ commerce, clientIp, origin }: ApiDeps) {
  const actor = (c: Context): Actor => {
    const shopper = c.get('shopper');
    return { ip: clientIp(c), userAgent: c.req.header('user-agent'), locale: shopper.locale, customer: shopper.customer };
  };
  const subscriberView = (row: Listed): Subscriber => ({
    id: row.id,
    email: row.email,
    state: row.state,
    locale: row.locale,
    source: row.source,
    customerId: row.customerId,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    unsubscribeUrl: `${origin}${NEWSLETTER_LINKS.unsubscribe}?${new URLSearchParams({ id: String(row.unsubscribe.id), sig: row.unsubscribe.sig })}`,
    ledger: row.ledger.map(
      (line): ConsentRecord => ({
        event: line.event,
        source: line.source,
        textKey: line.textKey,
        textVersion: line.textVersion,
        text: line.text,
        locale: line.locale,
        ip: line.ip,
        userAgent: line.userAgent,
        customerId: line.customerId,
        orderId: line.orderId,
        at: line.at.toISOString(),
      }),
    ),
  });
  return new Hono()
    .post(
      '/customer-subscribe',
      describeRoute({
        summary:
          'Signs an address up for the newsletter: a confirmation link is mailed (double opt-in); the same answer for any address (50014 only to a signed-in customer for their own subscribed address)',
        tag: 'Shopper forms',
        response: 'FormReceipt',
        caller: 'anyone',
      }),
      validate('json', 'SubscribeRequest'),
      async (c) => {
        await commerce.forms.newsletter.subscribe(
          valid<Required<Pick<SubscribeRequest, 'source'>> & SubscribeRequest>(c, 'json'),
          actor(c),
        );
        return ok<FormReceipt>(c, { received: true });
      },
    )
    .post(
      '/newsletter/confirm',
      describeRoute({
        summary:
          "Confirms a sign-up with its mailed link (6003: invalid, used or expired); kept in the ledger, the account's newsletter flag set",
        tag: 'Shopper forms',
        response: 'NewsletterAnswer',
        caller: 'anyone',
      }),
      validate('json', 'LinkRequest'),
      async (c) => {
        const confirmed = await commerce.forms.newsletter.confirm(valid<LinkRequest>(c, 'json').token, actor(c));
        return ok<NewsletterAnswer>(c, { email: confirmed.email, state: 'subscribed' });
      },
    )
    .post(
      '/newsletter/unsubscribe',
      describeRoute({
        summary:
          "Unsubscribes with the link of a newsletter mail (its page, or a mail program's one-click POST, RFC 8058; 6003: not a link of this shop); kept in the ledger",
        tag: 'Shopper forms',
        response: 'NewsletterAnswer',
        caller: 'anyone',
        rawBody: { def: 'OneClickUnsubscribe', contentTypes: ['application/x-www-form-urlencoded'] },
      }),
      validate('query', 'UnsubscribeQuery'),
      async (c) => {
        const gone = await commerce.forms.newsletter.unsubscribe(valid<UnsubscribeQuery>(c, 'query'), actor(c));
        return ok<NewsletterAnswer>(c, { email: gone.email, state: 'unsubscribed' });
      },
    )
    .get(
      '/newsletter/subscribers',
      describeRoute({
        summary:
          'Newsletter subscribers, newest first, a page at a time (X-Total-Count), each with its unsubscribe link and ledger of consent',
        tag: 'Shopper forms (merchant)',
        response: 'Subscriber[]',
        caller: 'merchant',
      }),
      validate('query', 'SubscribersQuery'),
      async (c) => {
        const { subscribers, total } = await commerce.forms.newsletter.list(
          valid<Required<Omit<SubscribersQuery, 'state'>> & Pick<SubscribersQuery, 'state'>>(c, 'query'),
        );
        c.header('X-Total-Count', String(total));
        return ok<Subscriber[]>(c, subscribers.map(subscriberView));
      },
    );
}
