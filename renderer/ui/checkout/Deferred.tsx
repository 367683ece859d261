import { startTransition, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { TranslationsContext, withFullMessages } from '../../i18n/translations';

/**
 * A part of the page whose code arrives after the page is interactive: the server's HTML and the first
 * render show `fallback` (so hydration matches), then the part renders once its chunk is there. For
 * what is below the fold of a long form, so the page's first-load JavaScript stays within its budget.
 */
export function Deferred<P extends object>({
  load,
  props,
  fallback,
}: {
  load: () => Promise<ComponentType<P>>;
  props: P;
  fallback: ReactNode;
}) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const translations = useContext(TranslationsContext);
  useEffect(() => {
    let live = true;
    // Its words were not in the server's page: it shows once the language's messages are in too.
    withFullMessages(translations, load())
      // Drawn as a transition: React draws the part in slices and lets the browser answer between them,
      // instead of one long task (a whole checkout form) right after the page became interactive.
      .then((loaded) => live && startTransition(() => setComponent(() => loaded)))
      .catch(() => {
        // The chunk could not be fetched: the fallback stays; a reload tries again.
      });
    return () => {
      live = false;
    };
  }, [load, translations]);
  return Component ? <Component {...props} /> : <>{fallback}</>;
}
