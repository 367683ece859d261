import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A link written by a merchant as a string: paths of the shop navigate on the client,
 * other addresses (https:, mailto:) are plain links.
 */
export function ShopLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (!href.startsWith('/') || href.startsWith('//')) {
    return (
      <a className={className} href={href} rel={href.startsWith('https:') ? 'noopener' : undefined}>
        {children}
      </a>
    );
  }
  const url = new URL(href, 'http://shop.invalid');
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
