// The merchant's side of the used-apps configuration (spec section 3): one app at a time, its status and
// its whole config, checked against the schema of its code (schemas/api.schema.json, `<Code>AppUpdate`:
// pixel ids, measurement ids, container ids… by pattern). A refused change names each bad field by its
// JSON pointer and saves nothing; a saved one is seen by every process at once (the change feed).
import { Hono } from 'hono';
import apiSchema from '../../schemas/api.schema.json' with { type: 'json' };
import type { AppCode, AppConfigUpdate } from '../../schemas/generated/api';
import { notFound } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { check, valid, validate } from './validate';

const APP_CODES: readonly string[] = apiSchema.$defs.AppCode.enum;

/** `pixel` -> `PixelAppUpdate`: the $defs of the body of that code. */
const updateDef = (code: string) => `${code[0]!.toUpperCase()}${code.slice(1)}AppUpdate`;

export function appConfigRoutes({ commerce }: ApiDeps) {
  return new Hono().put(
    '/app/config/:code',
    describeRoute({
      summary:
        "Sets one used app's status and whole config, checked against its code's schema (AppConfigUpdate names them); answers the app as a browser sees it (secrets left out)",
      tag: 'Site and content',
      response: 'AppConfig',
      caller: 'merchant',
    }),
    validate('json', 'AppConfigUpdate'),
    async (c) => {
      const code = c.req.param('code');
      if (!APP_CODES.includes(code)) throw notFound(`There is no app ${code}; the apps are ${APP_CODES.join(', ')}.`);
      const update = check<AppConfigUpdate>(updateDef(code), valid<AppConfigUpdate>(c, 'json'), 'request body');
      return ok(c, await commerce.reference.saveApp({ code: code as AppCode, status: update.status, config: update.config }));
    },
  );
}
