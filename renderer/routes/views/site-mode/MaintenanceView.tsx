import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { formatDateTime } from '../../../i18n/date-format';
import { useApi } from '../../../state/api-context';
import { useSite } from '../../../state/site-context';
import { localizedMessage } from '../../../ui/site-mode/localized-message';
import { SiteModePage } from '../../../ui/site-mode/SiteModePage';

const maintenanceRoute = getRouteApi('/maintenance');

/** How often the page asks whether the shop is back (spec section 4: the first 200 returns to /). */
export const MAINTENANCE_POLL_MS = 10_000;

/**
 * `/maintenance` (spec sections 2 and 4): the shop is being worked on. The page asks the shop again every
 * few seconds (and when the tab comes back into view); the first answer that is not 50021 sends the
 * visitor home.
 */
export default function MaintenanceView() {
  const { t, i18n } = useTranslation();
  const { site } = useSite();
  const api = useApi();
  const { now } = maintenanceRoute.useLoaderData();
  const mode = site.siteMode;
  const message = localizedMessage(mode?.message, i18n.language, site.defaultLocale);
  useEffect(() => {
    let stopped = false;
    const ask = async () => {
      try {
        await api.request('get /site');
        if (!stopped) window.location.assign('/');
      } catch (error) {
        // Still in maintenance (50021), or the network is down: ask again later.
        if (!(error instanceof ApiError)) return;
      }
    };
    const timer = window.setInterval(() => void ask(), MAINTENANCE_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void ask();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api]);
  return (
    <SiteModePage
      id="maintenance-title"
      title={t('siteMode.maintenance.title')}
      message={message ?? t('siteMode.maintenance.message')}
    >
      {mode?.endsAt && Date.parse(mode.endsAt) > now ? (
        <p>{t('siteMode.maintenance.until', { time: formatDateTime(mode.endsAt, i18n.language) })}</p>
      ) : null}
      <p className="site-mode__status" role="status">
        {t('siteMode.maintenance.checking')}
      </p>
    </SiteModePage>
  );
}
