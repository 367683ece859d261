import { Link, useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, reloadAfterChunkFailure } from '../chunk-reload';
import { hasFault } from './injected-faults';
import { shownError, type ShownError } from './shown-error';
import { useLocalHref } from '../ui/use-local-href';

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

/**
 * The error page (spec section 2): its status, and as its title the words of a refusal the shop knows
 * (`errors.<name>`, in the visitor's language) or "Error" for a fault, whose details are only logged.
 */
export function ErrorView({ status, name }: ShownError) {
  const { t } = useTranslation();
  const localHref = useLocalHref();
  const { faultInjection } = useRouter().options.context;
  const search = useRouterState({ select: (s) => s.location.search });
  if (hasFault(faultInjection, search, 'error-page')) throw new Error('Injected error-page fault (test build)');
  return (
    <div className="error-page">
      <p className="error-page__status">{status}</p>
      <h1>{name ? t(`errors.${name}`) : t('error.title')}</h1>
      {!name && <p>{t('error.message')}</p>}
      <p>
        {/* A whole new page: whatever broke this one is left behind. */}
        <a className="button" href={localHref('/')}>
          {t('error.backHome')}
        </a>
      </p>
    </div>
  );
}

/** The router's error component: what went wrong in a route, shown by ErrorView. */
export function ErrorPage({ error }: Partial<ErrorComponentProps>) {
  // A view's or block's code that did not load (a deploy replaced it): the page is loaded anew, at most
  // once a minute (chunk-reload.ts); until then, and if it is not, this page shows.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkFailure(error);
  }, [error]);
  return (
    <ErrorPageBoundary>
      <ErrorView {...shownError(error)} />
    </ErrorPageBoundary>
  );
}

/**
 * In the browser, an error page that fails itself shows what the server's plain page says
 * (server/ssr/fallback-page.ts): that another error occurred, its kind (not its message), the way home.
 */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed?: string }> {
  override state: { failed?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof Error ? error.name : 'Error' };
  }

  override componentDidCatch(error: unknown) {
    console.error('[vitrine] the error page failed', error);
  }

  override render() {
    return this.state.failed === undefined ? this.props.children : <ErrorPageFailed kind={this.state.failed} />;
  }
}

function ErrorPageFailed({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return (
    <div className="error-page">
      <h1>{t('error.fallback.title')}</h1>
      <details open>
        <summary>{t('error.fallback.details')}</summary>
        <pre>{kind}</pre>
      </details>
      <p>
        <a href="/">{t('error.fallback.goHome')}</a>
      </p>
    </div>
  );
}
