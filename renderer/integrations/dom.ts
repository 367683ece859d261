// What the vendors' base codes do to the page, written once: a script element added once (found again
// by its marker, so loading twice adds nothing), the vendors' globals, and each shop event handled once
// per integration even when it is handed over twice (a replayed queue, a second subscription).
import type { IntegrationCode } from '../consent/app-categories';
import type { ShopEvent } from '../tracking/shop-events';

/** The attribute that marks what an integration added to the page. */
export const MARK = 'data-vitrine-integration';

/** The page's global object, with the vendors' globals read and written by name. */
export const vendorWindow = () => window as unknown as Window & Record<string, any>;

/**
 * Adds `<script async src>` before the page's first script, as the vendors' snippets do, unless a script
 * of this integration with this address is there. Answers whether it added one.
 */
export function addScript(code: IntegrationCode, src: string, attributes: Record<string, string> = {}): boolean {
  for (const existing of document.querySelectorAll<HTMLScriptElement>(`script[${MARK}="${code}"]`)) {
    if (existing.getAttribute('src') === src) return false;
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.setAttribute(MARK, code);
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  const first = document.getElementsByTagName('script')[0];
  if (first?.parentNode) first.parentNode.insertBefore(script, first);
  else document.head.appendChild(script);
  return true;
}

/** Whether `load` ran for this integration and key on this page: marks it the first time. */
export function firstLoad(code: IntegrationCode, key = ''): boolean {
  const loaded = (vendorWindow().__vitrineIntegrations ??= new Set<string>()) as Set<string>;
  const id = `${code}:${key}`;
  if (loaded.has(id)) return false;
  loaded.add(id);
  return true;
}

/**
 * A guard that says yes to each event object once: an integration sends an event once though it is
 * handed over twice (the shop's queue replayed to a second subscription).
 */
export function firstSight(): (event: ShopEvent) => boolean {
  const seen = new WeakSet<ShopEvent>();
  return (event) => {
    if (seen.has(event)) return false;
    seen.add(event);
    return true;
  };
}
