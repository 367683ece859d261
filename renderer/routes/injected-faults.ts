// Test builds only (e2e): `?__fault=loader,error-page` breaks the root loader and/or the error page, so
// the 500 page and the last-resort fallback can be seen in a real browser; `layout-data` makes the
// layout's secondary calls (menus, payment icons, apps) fail; `inline-script` writes a script the page's
// Content-Security-Policy does not name into the page (server/ssr/render-page.tsx), which the browser refuses.
export type Fault = 'loader' | 'error-page' | 'layout-data' | 'inline-script';

export function hasFault(enabled: boolean | undefined, search: unknown, fault: Fault): boolean {
  if (!enabled) return false;
  const value = (search as Record<string, unknown> | undefined)?.__fault;
  return typeof value === 'string' && value.split(',').includes(fault);
}
