// Cookie consent calls (issue 27): a visitor's choice kept and remembered in the `consent` cookie, the
// integrations a page may load for this visitor, and the merchant's categories and proof of consent.
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_S,
  consentState,
  parseConsent,
  serializeConsent,
} from '../../renderer/consent/consent-cookie';
import type {
  AllowedIntegration,
  ConsentChoiceRequest,
  ConsentRecordsQuery,
  CookieCategoriesUpdate,
  IntegrationsQuery,
} from '../../schemas/generated/api';
import { allowedIntegrations } from '../integrations/allowed-integrations';
import { badRequest } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { valid, validate } from './validate';

export function consentRoutes({ commerce, origin, clientIp }: ApiDeps) {
  const secure = origin.startsWith('https:');
  return new Hono()
    .post(
      '/consent',
      describeRoute({
        summary:
          "Keeps a visitor's cookie consent choice (proof: policy version, categories, time) and remembers it for 180 days in the consent cookie",
        tag: 'Site and content',
        response: 'ConsentRecorded',
        caller: 'anyone',
      }),
      validate('json', 'ConsentChoiceRequest'),
      async (c) => {
        const choice = valid<ConsentChoiceRequest>(c, 'json');
        const shopper = c.get('shopper');
        if (!shopper.visitorId) throw badRequest('A consent choice needs a visitor id (the sakUUID cookie).');
        const kept = await commerce.consent.record(choice, {
          visitorId: shopper.visitorId,
          ...(shopper.customer && { customerId: shopper.customer.id }),
          ip: clientIp(c),
        });
        // Read by the page's scripts (which categories may load): not HttpOnly. Lax: sent on the first
        // page of a visit from another site, so that page already knows the choice.
        setCookie(c, CONSENT_COOKIE, serializeConsent({ ...choice, at: Math.floor(Date.parse(kept.at) / 1000) }), {
          path: '/',
          maxAge: CONSENT_MAX_AGE_S,
          sameSite: 'Lax',
          secure,
        });
        return ok(c, kept);
      },
    )
    .get(
      '/integrations',
      describeRoute({
        summary:
          "The used-apps integrations this visitor's consent allows on a page, with their public configuration (a refused category is never answered)",
        tag: 'Site and content',
        response: 'AllowedIntegration[]',
        caller: 'anyone',
      }),
      validate('query', 'IntegrationsQuery'),
      async (c) => {
        const { path } = valid<IntegrationsQuery>(c, 'query');
        const [policy, apps] = await Promise.all([commerce.consent.policy(), commerce.reference.apps()]);
        const defaults = { analytics: policy.acceptedByDefault, advertising: policy.acceptedByDefault };
        const state = consentState(parseConsent(getCookie(c, CONSENT_COOKIE)), defaults, policy.version);
        // Personal (it follows the visitor's cookie): never kept by a shared cache.
        c.header('Cache-Control', 'private, no-store');
        return ok<AllowedIntegration[]>(c, c.get('shopper').crawler ? [] : allowedIntegrations(apps, state, path));
      },
    )
    .put(
      '/cookieConfig',
      describeRoute({
        summary:
          'Changes the cookie consent categories and their texts by locale (a new policy version: every visitor is asked again)',
        tag: 'Site and content',
        response: 'CookieCategory[]',
        caller: 'merchant',
      }),
      validate('json', 'CookieCategoriesUpdate'),
      async (c) => {
        await commerce.consent.updateCategories(valid<CookieCategoriesUpdate>(c, 'json'));
        return ok(c, await commerce.consent.categories(c.get('shopper').locale));
      },
    )
    .get(
      '/consent/records',
      describeRoute({
        summary: "A visitor's cookie consent choices, newest first (proof of consent)",
        tag: 'Site and content',
        response: 'ConsentRecordView[]',
        caller: 'merchant',
      }),
      validate('query', 'ConsentRecordsQuery'),
      async (c) => ok(c, await commerce.consent.ofVisitor(valid<ConsentRecordsQuery>(c, 'query').visitorId)),
    );
}
