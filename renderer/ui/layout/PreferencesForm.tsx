import { useRouterState } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t';
import { useSite } from '../../state/site-context';

/**
 * Language and currency: a small form that reloads the page with ?lang= and ?currency= (the server
 * remembers both in cookies and renders prices and texts anew). Works without JavaScript.
 */
export function PreferencesForm() {
  const { t, locale } = useT();
  const { site, currency } = useSite();
  const location = useRouterState({ select: (s) => s.location });
  const keep = Object.entries(location.search as Record<string, unknown>).filter(
    ([key, value]) => key !== 'lang' && key !== 'currency' && (typeof value === 'string' || typeof value === 'number'),
  );
  const current = site.locales.find((l) => l.code === locale)?.name ?? locale;
  return (
    <details className="preferences">
      <summary aria-label={t('layout.preferences', { language: current, currency })}>
        <span aria-hidden="true">
          {locale.toUpperCase()} · {currency}
        </span>
      </summary>
      <form className="preferences__form" method="get" action={location.pathname}>
        {keep.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={String(value)} />
        ))}
        <label className="field">
          <span className="field__label">{t('layout.language')}</span>
          <select name="lang" defaultValue={locale}>
            {site.locales.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('layout.currency')}</span>
          <select name="currency" defaultValue={currency}>
            {site.currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {c.symbol !== c.code ? `(${c.symbol})` : ''}
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="submit">
          {t('layout.apply')}
        </button>
      </form>
    </details>
  );
}
