import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { hasFault } from './injected-faults';

/** 404: spec "This page could not be found" with a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="error-page">
      <p className="error-page__status">404</p>
      <h1>{t('error.notFound')}</h1>
      <p>
        <Link className="button" to="/">
          {t('error.backHome')}
        </Link>
      </p>
    </div>
  );
}

/** 500 and other faults: the title is "Error"; what went wrong is logged on the server, not shown. */
export function ErrorPage() {
  const { t } = useTranslation();
  const { faultInjection } = useRouter().options.context;
  const search = useRouterState({ select: (s) => s.location.search });
  if (hasFault(faultInjection, search, 'error-page')) throw new Error('Injected error-page fault (test build)');
  return (
    <div className="error-page">
      <p className="error-page__status">500</p>
      <h1>{t('error.title')}</h1>
      <p>{t('error.message')}</p>
      <p>
        <a className="button" href="/">
          {t('error.backHome')}
        </a>
      </p>
    </div>
  );
}
