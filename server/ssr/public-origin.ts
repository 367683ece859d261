// The shop's public origin (PUBLIC_URL): every absolute address the shop writes (canonical and Open
// Graph links, the sitemap, robots.txt) is made from it, never from the request's Host or
// X-Forwarded-Host, so a forged header cannot put another site's address into a page that is then
// cached and served to other visitors (web cache poisoning).
//
// A request for another host is still answered (a health check by IP address, a mistyped proxy rule),
// with the same addresses, but its page is not put in the page cache. When the public origin is a
// loopback address (development, tests, benchmarks), every loopback name on its port is the shop's.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface PublicOrigin {
  /** e.g. https://shop.example (no trailing slash). */
  origin: string;
  /** Whether a Host header names this shop. */
  isShopHost(host: string | undefined): boolean;
}

/** host[:port], as a Host header carries it (a name, an IPv4 address or a bracketed IPv6 address). */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

export function publicOrigin(publicUrl: string): PublicOrigin {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must be an http(s) address: ${publicUrl}`);
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const port = url.port || defaultPort;
  const loopback = LOOPBACK.has(url.hostname);
  return {
    origin: url.origin,
    isShopHost(host) {
      const match = host ? HOST_HEADER.exec(host) : null;
      if (!match) return false;
      const hostname = match[1]!.toLowerCase();
      // A Host header may leave out the port its scheme implies (behind a TLS proxy the shop sees http).
      if ((match[2] ?? defaultPort) !== port) return false;
      return hostname === url.hostname || (loopback && LOOPBACK.has(hostname));
    },
  };
}
