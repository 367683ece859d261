// Abandoned-checkout recovery (spec section 7: POST api/checkout/recovering/{x}): the link of the reminder
// mail restores the checkout for the visitor (customerUUID header), its lines back in the cart, and says
// where to go on from; 5009 for a key that names no checkout that can be continued. The mail's "stop these
// reminders" link posts to …/optout.
import { Hono } from 'hono';
import type { RecoveredCheckout, RecoveryOptOut } from '../../schemas/generated/api';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { requireVisitor } from './request-context';

export function recoveryRoutes({ commerce }: ApiDeps) {
  return new Hono()
    .post(
      '/checkout/recovering/:key',
      describeRoute({
        summary:
          "Restores an abandoned checkout from its reminder's link: its lines back in the visitor's cart (sold-out ones left out and listed); where to go on (5009: no such key)",
        tag: 'Checkout',
        response: 'RecoveredCheckout',
        caller: 'visitor',
      }),
      async (c) =>
        ok<RecoveredCheckout>(c, await commerce.recovery.recover(c.req.param('key'), requireVisitor(c), c.get('shopper').locale)),
    )
    .post(
      '/checkout/recovering/:key/optout',
      describeRoute({
        summary: "Stops the reminders of that checkout's email (5009: no such key)",
        tag: 'Checkout',
        response: 'RecoveryOptOut',
        caller: 'anyone',
      }),
      async (c) => {
        await commerce.recovery.optOut(c.req.param('key'));
        return ok<RecoveryOptOut>(c, { optedOut: true });
      },
    );
}
