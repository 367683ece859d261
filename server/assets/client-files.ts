// The built client (dist/client): hashed assets under /assets, kept a year, sent precompressed (.br, .gz
// made at build time) when the browser takes them; the few public files at the root, kept a day.
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';

/** Files of renderer/public served at the root of the shop. */
const PUBLIC_FILES = ['favicon.ico', 'icon.svg', 'loading.svg'] as const;

/**
 * serveStatic's onFound runs after its response is made, too late for a header: the lifetime is set on
 * the answer instead, when a file was found.
 */
const cachedFor =
  (cacheControl: string): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (c.res.status === 200 || c.res.status === 206) c.res.headers.set('Cache-Control', cacheControl);
  };

export function clientFileRoutes(clientDir: string) {
  const routes = new Hono();
  routes.use(
    '/assets/*',
    cachedFor('public, max-age=31536000, immutable'),
    serveStatic({ root: clientDir, precompressed: true }),
  );
  for (const file of PUBLIC_FILES)
    routes.get(`/${file}`, cachedFor('public, max-age=86400'), serveStatic({ path: `${clientDir}/${file}` }));
  return routes;
}
