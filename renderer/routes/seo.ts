// Canonical addresses and Open Graph basics for route heads.

/** The canonical link of a page: its own address without tracking or view parameters. */
export function canonicalLinks(origin: string, path: string, keep: Record<string, string | number> = {}) {
  const url = new URL(path, origin);
  for (const [key, value] of Object.entries(keep)) url.searchParams.set(key, String(value));
  return [{ rel: 'canonical', href: url.toString() }];
}

export const absolute = (origin: string, path: string) => new URL(path, origin).toString();
