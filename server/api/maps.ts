// The maps calls of spec section 7 (Other): GET api/googleMaps/getCallTimes, addressSearch and
// address/detail. A visitor's calls (customerUUID), counted against the day's limits per visitor and per
// shop (server/commerce/maps/quota.ts); 50035 while the shop does not offer maps, 50036 when the day's
// lookups are used up.
import { Hono, type Context } from 'hono';
import type { MapsDetailQuery, MapsSearchQuery } from '../../schemas/generated/api';
import { ShopError } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { valid, validate } from './validate';

export function mapsRoutes({ commerce }: ApiDeps) {
  /** The visitor the lookups are counted for; a crawler has no business typing addresses. */
  const visitorOf = (c: Context) => {
    const shopper = c.get('shopper');
    if (shopper.crawler) throw new ShopError('forbidden', 'Address suggestions are for shoppers.');
    return shopper.visitorId!;
  };
  return new Hono()
    .get(
      '/googleMaps/getCallTimes',
      describeRoute({
        summary:
          "How many address lookups the visitor may still make today (60 a visitor, 5,000 the shop; UTC days); 50035 when the shop's maps app is off",
        tag: 'Checkout',
        response: 'MapsCallTimes',
        caller: 'visitor',
      }),
      async (c) => ok(c, await commerce.maps.callTimes(visitorOf(c))),
    )
    .get(
      '/googleMaps/addressSearch',
      describeRoute({
        summary:
          "Address suggestions for what the shopper typed, in the form's country (one lookup; 50036 when the day's are used up, 50035 when maps are off)",
        tag: 'Checkout',
        response: 'MapsSuggestion[]',
        caller: 'visitor',
      }),
      validate('query', 'MapsSearchQuery'),
      async (c) => {
        const q = valid<MapsSearchQuery>(c, 'query');
        return ok(c, await commerce.maps.search(visitorOf(c), q, c.get('shopper').locale));
      },
    )
    .get(
      '/googleMaps/address/detail',
      describeRoute({
        summary:
          "A suggestion's address in the checkout's fields: address1, address2, city, province code, zip, country (one lookup; 404 for an unknown place)",
        tag: 'Checkout',
        response: 'MapsAddress',
        caller: 'visitor',
      }),
      validate('query', 'MapsDetailQuery'),
      async (c) => {
        const q = valid<MapsDetailQuery>(c, 'query');
        return ok(c, await commerce.maps.detail(visitorOf(c), q.placeId, q.sessionToken, c.get('shopper').locale));
      },
    );
}
