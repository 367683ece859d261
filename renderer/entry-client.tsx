// Browser entry of the shop's pages (every page the router hydrates): the stylesheet, then the router and
// React's hydration (hydrate-shop.tsx) once the page has shown its main image. Started earlier, their
// code's evaluation and the hydration would come between the server's HTML and its
// first paint, which is the page's largest contentful paint; their files are fetched from then on too
// (deferred-preloads.ts), so they do not share the network with the main image.
import './styles/index.css';
import { reloadOnChunkFailures } from './chunk-reload';
import { preloadDeferredModules } from './deferred-preloads';
import { afterMainPaint, nextTask } from './when-idle';

async function hydrate() {
  preloadDeferredModules();
  // React is evaluated in a task of its own, the router and the shop's code in the next: together they
  // were one of a phone's long tasks.
  await import('react-dom/client');
  await nextTask();
  await import('./hydrate-shop');
}

// A chunk that fails to load (a deploy replaced it) reloads the page, at most once a minute.
reloadOnChunkFailures();
afterMainPaint(() => void hydrate());
