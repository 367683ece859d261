// The one translation hook of components: `const { t, locale } = useT()`.
import { useTranslation } from 'react-i18next';

export function useT() {
  const { t, i18n } = useTranslation();
  return { t, locale: i18n.language };
}
