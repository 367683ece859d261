// Browser entry of the shop's pages (every page the router hydrates): the stylesheet, then the router and
// React's hydration (hydrate-shop.tsx) once the page has shown its main image. Started earlier, their
// code's evaluation (~100 ms on a phone) and the hydration would come between the server's HTML and its
// first paint, which is the page's largest contentful paint; their files are fetched from then on too
// (deferred-preloads.ts), so they do not share the network with the main image.
import './styles/index.css';
import { preloadDeferredModules } from './deferred-preloads';
import { afterMainPaint } from './when-idle';

afterMainPaint(() => {
  preloadDeferredModules();
  void import('./hydrate-shop');
});
