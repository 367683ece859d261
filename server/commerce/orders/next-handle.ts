// Where a shopper goes once an order is paid when the paying call named it (spec section 7: Oceanpayment's
// one-page checkout, `?nextHandle=`): a page of this shop only. A bare handle is the shop's page of that
// handle; a path must stay on the shop's own origin. Anything that could leave the shop (`//other.site`,
// `/\other.site`, a scheme, a control character) is refused, so the call can never be an open redirect.
const HANDLE = /^[a-z0-9][a-z0-9-]{0,99}$/;
// Printable ASCII without a space or a backslash (`!`…`[` and `]`…`~`), not starting `//` or `/\`.
const SAFE_PATH = /^\/(?![/\\])[!-[\]-~]{0,299}$/;

/** The shop path of a nextHandle, or null when it is not one of this shop's. */
export function nextHandlePath(nextHandle: string, origin: string): string | null {
  if (HANDLE.test(nextHandle)) return `/pages/${nextHandle}`;
  if (!SAFE_PATH.test(nextHandle)) return null;
  try {
    const url = new URL(nextHandle, origin);
    return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** The path with the order's token added, so the page after paying knows whose order it is. */
export function withOrder(path: string, orderToken: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}order=${encodeURIComponent(orderToken)}`;
}
