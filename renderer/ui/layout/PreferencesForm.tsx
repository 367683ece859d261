import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../state/site-context';

/**
 * Language and currency: a small form that reloads the page with ?lang= and ?currency= (the server
 * remembers both in cookies and renders prices and texts anew). Works without JavaScript.
 */
export function PreferencesForm({ id }: { id: string }) {
  const {
    t,
    i18n: { language: locale },
  } = useTranslation();
  const { site, currency } = useSite();
  const location = useRouterState({ select: (s) => s.location });
  const keep = Object.entries(location.search as Record<string, unknown>).filter(
    ([key, value]) => key !== 'lang' && key !== 'currency' && (typeof value === 'string' || typeof value === 'number'),
  );
  // English variants (en-GB, en-US) are chosen as English.
  const language = site.locales.some((l) => l.code === locale) ? locale : locale.split('-')[0]!;
  const current = site.locales.find((l) => l.code === language)?.name ?? locale;
  return (
    <details className="preferences" id={id}>
      <summary aria-label={t('layout.preferences', { language: current, currency })}>
        <span aria-hidden="true">
          {language.toUpperCase()} · {currency}
        </span>
      </summary>
      <form className="preferences__form" method="get" action={location.pathname}>
        {keep.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={String(value)} />
        ))}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-lang`}>
            {t('layout.language')}
          </label>
          <select id={`${id}-lang`} name="lang" defaultValue={language}>
            {site.locales.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-currency`}>
            {t('layout.currency')}
          </label>
          <select id={`${id}-currency`} name="currency" defaultValue={currency}>
            {site.currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {c.symbol !== c.code ? `(${c.symbol})` : ''}
              </option>
            ))}
          </select>
        </div>
        <button className="button" type="submit">
          {t('layout.apply')}
        </button>
      </form>
    </details>
  );
}
