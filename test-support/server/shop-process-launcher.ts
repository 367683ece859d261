// Starts test-support/server/shop-process.ts through Vite's module loader, as Vitest loads the server's code
// (the server uses Vite's import.meta.glob for its locale files, which plain Node does not know).
import { createServer } from 'vite';
import { projectRoot } from './paths';

const vite = await createServer({
  root: projectRoot,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
await vite.ssrLoadModule('/test-support/server/shop-process.ts');
