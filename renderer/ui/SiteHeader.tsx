import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/use-t';
import type { Site } from '../../schemas/generated/api';

export function SiteHeader({ site }: { site: Site | undefined }) {
  const { t, locale } = useT();
  const name = site?.name ?? 'Vitrine';
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <div className="site-header__bar">
        <Link className="site-header__logo" to="/" aria-label={t('layout.home', { name })}>
          {name}
        </Link>
        {site && site.locales.length > 1 && (
          <nav className="site-header__languages" aria-label={t('layout.language')}>
            <ul>
              {site.locales.map((offered) => (
                <li key={offered.code}>
                  {/* A full load: the server sets the sak-locale cookie and renders in the new language. */}
                  <a
                    href={`?lang=${offered.code}`}
                    hrefLang={offered.code}
                    lang={offered.code}
                    aria-current={offered.code === locale ? 'true' : undefined}
                  >
                    {offered.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
