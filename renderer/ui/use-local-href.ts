// A shop path in the language of the page (its locale prefix, renderer/i18n/locale-path.ts), for a plain
// link that loads a whole new page (the router's links carry the prefix by themselves).
import { useRouter } from '@tanstack/react-router';
import { withLocalePrefix } from '../i18n/locale-path';

export function useLocalHref(): (path: string) => string {
  const { localePrefix } = useRouter().options.context;
  return (path) => withLocalePrefix(path, localePrefix);
}
