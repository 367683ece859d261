// The shopper's forms of spec section 7 "Other": POST api/customer-contact and POST
// /api/customer-feedbacks/email, the guard every form asks for before it is sent (its signed stamp and a
// proof-of-work challenge), and the merchant's list of what came in. A send that fails an anti-bot check
// is answered exactly like a person's (docs/forms.md).
import { Hono, type Context } from 'hono';
import type {
  ContactRequest,
  FeedbackRequest,
  FormGuard,
  FormGuardQuery,
  FormReceipt,
  ShopperMessage,
  ShopperMessagesQuery,
} from '../../schemas/generated/api';
import type { ShopperMessageRow } from '../commerce/forms/shopper-messages';
import type { Sender } from '../commerce/forms/shopper-messages';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { valid, validate } from './validate';

const RECEIVED: FormReceipt = { received: true };

export const messageView = (row: ShopperMessageRow): ShopperMessage => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  phone: row.phone,
  rating: row.rating,
  message: row.message,
  pagePath: row.pagePath,
  locale: row.locale,
  ip: row.ip,
  failedChecks: row.failedChecks as ShopperMessage['failedChecks'],
  spam: row.spam,
  createdAt: row.createdAt.toISOString(),
  mailedAt: row.mailedAt?.toISOString() ?? null,
});

export function shopperFormRoutes({ commerce, clientIp }: ApiDeps) {
  const sender = (c: Context): Sender => {
    const shopper = c.get('shopper');
    return { ip: clientIp(c), locale: shopper.locale, ...(shopper.customer ? { customerId: shopper.customer.id } : {}) };
  };
  return new Hono()
    .get(
      '/form-guard',
      describeRoute({
        summary: "A form's signed stamp and proof-of-work challenge, asked when the shopper starts on the form",
        tag: 'Shopper forms',
        response: 'FormGuard',
        caller: 'anyone',
      }),
      validate('query', 'FormGuardQuery'),
      async (c) => {
        const issued = await commerce.forms.guard.issue(valid<FormGuardQuery>(c, 'query').form);
        // Each is good for one send: never kept by a cache on the way.
        c.header('Cache-Control', 'no-store');
        return ok<FormGuard>(c, {
          stamp: issued.stamp,
          challenge: { parameters: issued.challenge.parameters, signature: issued.challenge.signature! },
        });
      },
    )
    .post(
      '/customer-contact',
      describeRoute({
        summary:
          'Sends the shop a contact message (spec section 5 rules, 400 naming each field); mailed to the merchant and copied to the shopper',
        tag: 'Shopper forms',
        response: 'FormReceipt',
        caller: 'anyone',
      }),
      validate('json', 'ContactRequest'),
      async (c) => {
        await commerce.forms.messages.contact(valid<ContactRequest>(c, 'json'), sender(c));
        return ok<FormReceipt>(c, RECEIVED);
      },
    )
    .post(
      '/customer-feedbacks/email',
      describeRoute({
        summary: 'Sends the shop feedback (a rating from 1 to 5 and a message; 400 naming each field); mailed to the merchant',
        tag: 'Shopper forms',
        response: 'FormReceipt',
        caller: 'anyone',
      }),
      validate('json', 'FeedbackRequest'),
      async (c) => {
        await commerce.forms.messages.feedback(valid<FeedbackRequest>(c, 'json'), sender(c));
        return ok<FormReceipt>(c, RECEIVED);
      },
    )
    .get(
      '/shopper-messages',
      describeRoute({
        summary:
          'Contact messages or feedback, newest first, a page at a time (X-Total-Count), with the anti-bot checks each failed',
        tag: 'Shopper forms (merchant)',
        response: 'ShopperMessage[]',
        caller: 'merchant',
      }),
      validate('query', 'ShopperMessagesQuery'),
      async (c) => {
        const query = valid<Required<Omit<ShopperMessagesQuery, 'spam'>> & Pick<ShopperMessagesQuery, 'spam'>>(c, 'query');
        const { messages, total } = await commerce.forms.messages.list(query);
        c.header('X-Total-Count', String(total));
        return ok<ShopperMessage[]>(c, messages.map(messageView));
      },
    );
}
