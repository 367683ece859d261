// What react-i18next imports from i18next in the browser build (vite.config.ts points its `i18next`
// import here): the key a selector names (`t(($) => $.cart.title)` gives 'cart.title'). Taking the whole
// of i18next for it would put i18next in every page's first-load JavaScript; the browser loads i18next
// with the locale's full messages after hydration (load-full-translator.ts).
const PATH = Symbol('path');

type Selector = (path: Record<PropertyKey, unknown>) => unknown;

export function keyFromSelector(selector: Selector, options?: { keySeparator?: string | false }): string {
  const path: string[] = [];
  const step: ProxyHandler<object> = {
    get: (_target, key) => (key === PATH ? path : (path.push(String(key)), proxy)),
  };
  const proxy: Record<PropertyKey, unknown> = new Proxy({}, step) as Record<PropertyKey, unknown>;
  const found = (selector(proxy) as Record<typeof PATH, string[]>)[PATH];
  return found.join(options?.keySeparator || '.');
}
