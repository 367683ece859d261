// The one translation hook of components: `const { t, locale } = useT()`.
import { useTranslator } from './translations';

export function useT() {
  const translator = useTranslator();
  return { t: translator.t, locale: translator.locale };
}
