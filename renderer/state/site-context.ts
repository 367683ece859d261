// Site info for components (currencies and their money formats, locales): from the root loader.
import { createContext, useContext } from 'react';
import type { Site } from '../../schemas/generated/api';

export interface SiteView {
  site: Site;
  /** The visitor's currency code. */
  currency: string;
}

export const SiteContext = createContext<SiteView | null>(null);

export function useSite(): SiteView {
  const site = useContext(SiteContext);
  if (!site) throw new Error('SiteContext is missing');
  return site;
}
