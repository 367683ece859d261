import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isDrawableLink, isShopPath } from '../../schemas/shop-link';

/** A path's parts for the router, or null when it cannot be read as an address. */
function routeOf(href: string): { pathname: string; search: string; searchParams: URLSearchParams; hash: string } | null {
  try {
    return new URL(href, 'http://shop.invalid');
  } catch {
    return null;
  }
}

/**
 * A link written by a merchant as a string: paths of the shop navigate on the client, other addresses
 * (https:, mailto:, #id) are plain links. It never throws: a link the shop does not accept
 * (schemas/shop-link.ts; a page may have been stored before links were checked, a menu is seeded data)
 * is drawn as its text alone, so one odd link never takes its block or page down.
 */
export function ShopLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (!isDrawableLink(href)) return <>{children}</>;
  if (!isShopPath(href)) {
    return (
      <a className={className} href={href} rel={/^https?:/.test(href) ? 'noopener' : undefined}>
        {children}
      </a>
    );
  }
  const url = routeOf(href);
  if (!url) return <>{children}</>;
  return (
    <Link
      className={className}
      to={url.pathname as '/'}
      search={url.search ? Object.fromEntries(url.searchParams) : undefined}
      hash={url.hash ? url.hash.slice(1) : undefined}
    >
      {children}
    </Link>
  );
}
