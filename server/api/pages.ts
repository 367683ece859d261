// Merchant page editing: store a new version (or a draft), list versions, restore one, make a preview
// link. Every call needs the merchant token. A page that fails validation is refused with every error;
// nothing stored changes. A draft is stored as written and shown only through a signed preview link.
import { Hono } from 'hono';
import { badRequest } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { pageBody, valid, validate } from './validate';
import { PREVIEW_LINK_TTL_MS, previewKey, signPreview } from '../commerce/pages/preview-link';
import type { PageSaveQuery, PreviewLink } from '../../schemas/generated/api';

export function versionParam(value: string, name = 'version'): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) {
    throw badRequest(`The ${name} "${value}" is not a version number.`, {
      errors: [{ path: `/${name}`, message: 'must be a whole number from 1' }],
    });
  }
  return Number(value);
}

/** `If-Match: "3"` (or 3) saves only when version 3 is still live, so two editors never overwrite unseen. */
export function expectedVersion(header: string | undefined): number | undefined {
  if (!header || header === '*') return undefined;
  return versionParam(header.replace(/^W\//, '').replace(/"/g, '').trim(), 'If-Match');
}

export function pageRoutes({ commerce, merchantToken }: ApiDeps) {
  const { pages } = commerce;
  const key = previewKey(merchantToken);
  return (
    new Hono()
      .get(
        '/pages',
        describeRoute({ summary: 'Pages', tag: 'Pages (merchant)', response: 'PageSummary[]', caller: 'merchant' }),
        async (c) => ok(c, await pages.list('en')),
      )
      .get(
        '/pages/:handle',
        describeRoute({
          summary: 'A page as stored (ETag: version)',
          tag: 'Pages (merchant)',
          response: 'PageDocument',
          caller: 'merchant',
        }),
        async (c) => {
          const doc = await pages.document(c.req.param('handle'));
          c.header('ETag', `"${doc.version}"`);
          return ok(c, doc);
        },
      )
      // The body's size is bounded for every route (body-limits.ts): a page up to MAX_PAGE_BYTES.
      .put(
        '/pages/:handle',
        describeRoute({
          summary: 'Stores the next version (If-Match: version), or with ?draft=1 a draft that is not live',
          tag: 'Pages (merchant)',
          response: 'SavedPage',
          caller: 'merchant',
        }),
        validate('query', 'PageSaveQuery'),
        pageBody(),
        async (c) => {
          const body = valid<unknown>(c, 'json');
          // A draft is stored as it is (even invalid), not live: seen only through a preview link.
          const saved = valid<PageSaveQuery>(c, 'query').draft
            ? await pages.saveDraft(c.req.param('handle'), body)
            : await pages.save(c.req.param('handle'), body, {
                expectedVersion: expectedVersion(c.req.header('if-match')),
              });
          c.header('ETag', `"${saved.version}"`);
          return ok(c, saved, saved.created ? 201 : 200);
        },
      )
      .get(
        '/pages/:handle/versions',
        describeRoute({
          summary: 'Versions, newest first',
          tag: 'Pages (merchant)',
          response: 'PageVersion[]',
          caller: 'merchant',
        }),
        async (c) => ok(c, await pages.versions(c.req.param('handle'))),
      )
      .get(
        '/pages/:handle/versions/:n',
        describeRoute({ summary: 'One version', tag: 'Pages (merchant)', response: 'PageDocument', caller: 'merchant' }),
        async (c) => ok(c, await pages.document(c.req.param('handle'), versionParam(c.req.param('n')))),
      )
      // A signed link showing version n (a draft, say) to whoever opens it, until it expires.
      .post(
        '/pages/:handle/versions/:n/preview',
        describeRoute({
          summary: 'A signed link showing version n (a draft, say) until it expires (24 h)',
          tag: 'Pages (merchant)',
          response: 'PreviewLink',
          caller: 'merchant',
        }),
        async (c) => {
          const handle = c.req.param('handle');
          const version = versionParam(c.req.param('n'));
          await pages.previewed(handle, version); // 404 for a version that does not exist
          const expiresAt = Date.now() + PREVIEW_LINK_TTL_MS;
          const token = signPreview(key, handle, version, expiresAt);
          // A funnel page is previewed where shoppers meet it: at a step of a live funnel that shows it.
          const step = await commerce.funnels.stepShowing(handle);
          const path = step
            ? `/funnel/${step.funnel}?pageId=${encodeURIComponent(step.pageId)}&preview=${token}`
            : `${handle === 'home' ? '/' : `/pages/${handle}`}?preview=${token}`;
          return ok<PreviewLink>(c, { path, expiresAt: new Date(expiresAt).toISOString() });
        },
      )
      .post(
        '/pages/:handle/versions/:n/restore',
        describeRoute({
          summary: 'Makes version n live again, as a new version',
          tag: 'Pages (merchant)',
          response: 'SavedPage',
          caller: 'merchant',
        }),
        async (c) => {
          const saved = await pages.restore(c.req.param('handle'), versionParam(c.req.param('n')));
          c.header('ETag', `"${saved.version}"`);
          return ok(c, saved);
        },
      )
  );
}
