import type { ReactNode } from 'react';
import { useSite } from '../../state/site-context';

/**
 * The frame of the pages a visitor meets instead of the shop (maintenance, closed, the password gates):
 * the shop's name, a heading, what the merchant wrote, and the page's own part.
 */
export function SiteModePage({
  id,
  title,
  message,
  children,
}: {
  id: string;
  title: string;
  message?: string;
  children?: ReactNode;
}) {
  const { site } = useSite();
  return (
    <section className="site-mode" aria-labelledby={id}>
      <p className="site-mode__shop">{site.name}</p>
      <h1 id={id}>{title}</h1>
      {message ? <p className="site-mode__message">{message}</p> : null}
      {children}
    </section>
  );
}
