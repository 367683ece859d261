// The merchant's site settings (spec sections 3 and 4: the checkout style, the password gate, the
// redirects, the site mode) and the shopper's side of the password gate (spec section 5).
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { PasswordGateRequest, SiteSettingsChangesQuery, SiteSettingsPatch } from '../../schemas/generated/api';
import { GATE_COOKIE, GATE_PATH_COOKIE } from '../commerce/site-access/gate-cookie';
import { OVERVIEW_LINK_TTL_MS, overviewKey, signOverview } from '../commerce/site-access/overview-link';
import { safeReturnPath } from '../commerce/site-access/route-kinds';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok, requestIdOf } from './envelope';
import { valid, validate } from './validate';

/** How long a passed gate is remembered: a season of shopping before the launch. */
const GATE_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

export function siteSettingsRoutes({ commerce, merchantToken, origin, clientIp }: ApiDeps) {
  const secure = origin.startsWith('https:');
  const key = overviewKey(merchantToken);
  return new Hono()
    .patch(
      '/site',
      describeRoute({
        summary:
          'Changes site settings: checkout style, payment countries, password gate, redirects, site mode, password page text; answers the site',
        tag: 'Site and content',
        response: 'Site',
        caller: 'merchant',
      }),
      validate('json', 'SiteSettingsPatch'),
      async (c) =>
        ok(
          c,
          await commerce.site.update(valid<SiteSettingsPatch>(c, 'json'), {
            actor: 'merchant',
            ip: clientIp(c),
            requestId: requestIdOf(c),
          }),
        ),
    )
    .get(
      '/site/changes',
      describeRoute({
        summary: 'The history of site-setting changes (who, when, what; passwords masked), newest first',
        tag: 'Site and content',
        response: 'SiteSettingsChange[]',
        caller: 'merchant',
      }),
      validate('query', 'SiteSettingsChangesQuery'),
      async (c) => {
        const q = valid<SiteSettingsChangesQuery>(c, 'query');
        return ok(
          c,
          await commerce.site.changes({ limit: Number(q.limit ?? 50), ...(q.before && { before: Number(q.before) }) }),
        );
      },
    )
    .post(
      '/site/overview',
      describeRoute({
        summary: 'A signed link showing the merchant the real shop in any mode, with a banner naming the mode',
        tag: 'Site and content',
        response: 'ShopOverviewLink',
        caller: 'merchant',
      }),
      (c) => {
        const expiresAt = Date.now() + OVERVIEW_LINK_TTL_MS;
        return ok(c, { path: `/?overview=${signOverview(key, expiresAt)}`, expiresAt });
      },
    )
    .post(
      '/site/password',
      describeRoute({
        summary:
          'The password page: a right password sets the gate cookie (the base64 of the password) and answers where the visitor was going',
        tag: 'Site and content',
        response: 'PasswordGatePassed',
        caller: 'anyone',
      }),
      validate('json', 'PasswordGateRequest'),
      async (c) => {
        const { gate, password } = valid<PasswordGateRequest>(c, 'json');
        const access = await commerce.site.access();
        const cookie = await commerce.passwordGate.check(gate, password, access.gate[gate], clientIp(c));
        const options = { path: '/', httpOnly: true, sameSite: 'Lax', secure } as const;
        setCookie(c, GATE_COOKIE[gate], cookie, { ...options, maxAge: GATE_COOKIE_MAX_AGE_S });
        const redirectTo = safeReturnPath(getCookie(c, GATE_PATH_COOKIE[gate]));
        deleteCookie(c, GATE_PATH_COOKIE[gate], options);
        return ok(c, { redirectTo });
      },
    );
}
