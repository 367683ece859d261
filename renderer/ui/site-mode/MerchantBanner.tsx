import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCookie } from '../../state/cookies';

/**
 * The merchant's view of the shop (a signed overview link): one line naming the mode visitors meet, so
 * the merchant never takes the real shop for what the public sees. Read from a cookie once hydrated, so
 * the page's HTML stays the same for every visitor.
 */
export function MerchantBanner() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<string | undefined>();
  useEffect(() => setMode(readCookie('merchantView')), []);
  // Every line is asked for on the server too, so the page's translation snapshot holds them before the
  // locale's messages arrive.
  const lines: Record<string, string> = {
    maintenance: t('siteMode.banner.maintenance'),
    closed: t('siteMode.banner.closed'),
    password: t('siteMode.banner.password'),
  };
  if (!mode || !Object.hasOwn(lines, mode)) return null;
  return (
    <p className="merchant-banner" role="status">
      {lines[mode]}
    </p>
  );
}
