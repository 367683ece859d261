import { useTranslation } from 'react-i18next';
import { useSite } from '../../../state/site-context';
import { localizedMessage } from '../../../ui/site-mode/localized-message';
import { SiteModePage } from '../../../ui/site-mode/SiteModePage';

/**
 * `/closed` (spec sections 2 and 8: "website unavailable, try later"). No support widget loads here (spec
 * section 2): the page has no frame and no app scripts.
 */
export default function ClosedView() {
  const { t, i18n } = useTranslation();
  const { site } = useSite();
  const message = localizedMessage(site.siteMode?.message, i18n.language, site.defaultLocale);
  return <SiteModePage id="closed-title" title={t('siteMode.closed.title')} message={message ?? t('siteMode.closed.message')} />;
}
