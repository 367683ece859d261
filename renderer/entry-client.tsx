// Browser entry of the shop's pages (every page the router hydrates): the stylesheet, then the router and
// React's hydration (hydrate-shop.tsx) once the page has shown its main image. Started earlier, their
// code's evaluation (~100 ms on a phone) and the hydration would come between the server's HTML and its
// first paint, which is the page's largest contentful paint; their files are preloaded meanwhile.
import './styles/index.css';
import { afterMainPaint } from './when-idle';

afterMainPaint(() => void import('./hydrate-shop'));
