// The cookie preferences dialog (spec section 2: essential, analytics, advertising), from the banner's
// "Choose cookies" or the footer's "Cookie settings"; its own chunk, loaded when opened. A native modal
// <dialog>: focus moves into it and stays there, Escape closes it, focus returns where it was.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CookieCategory } from '../../../schemas/generated/api';
import { currentConsent, type ConsentEnv } from '../../consent/consent-policy';
import type { Choice } from '../../consent/save-consent';

export function ConsentPreferences({
  env,
  onSave,
  onCancel,
}: {
  env: ConsentEnv;
  onSave: (choice: Choice) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = (chosen: Choice) => {
    setSaving(true);
    void onSave(chosen);
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const [categories, setCategories] = useState<CookieCategory[] | 'failed' | undefined>();
  const [choice, setChoice] = useState<Choice>(() => {
    const now = currentConsent(env.policy);
    return { analytics: now.analytics, advertising: now.advertising };
  });
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);
  useEffect(() => {
    env.api.request('get /cookieConfig/list').then(setCategories, () => setCategories('failed'));
  }, [env.api]);
  return (
    <dialog
      ref={dialog}
      className="consent-dialog"
      aria-labelledby="consent-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          save(choice);
        }}
      >
        <h2 id="consent-dialog-title">{t('consent.preferencesTitle')}</h2>
        <p>{t('consent.preferencesText')}</p>
        {categories === undefined && <p role="status">{t('consent.loading')}</p>}
        {categories === 'failed' && <p role="alert">{t('consent.loadFailed')}</p>}
        {Array.isArray(categories) && (
          <ul className="consent-dialog__categories">
            {categories.map((category) => {
              const id = `consent-${category.code}`;
              const required = category.code === 'essential';
              return (
                <li key={category.code}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={required || choice[category.code as keyof Choice]}
                    disabled={required}
                    aria-describedby={`${id}-description`}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setChoice((c) => ({ ...c, [category.code]: checked }));
                    }}
                  />
                  <label htmlFor={id}>
                    {category.name}
                    {required && <span className="consent-dialog__always"> ({t('consent.alwaysOn')})</span>}
                  </label>
                  <p id={`${id}-description`}>{category.description}</p>
                </li>
              );
            })}
          </ul>
        )}
        <div className="consent-banner__actions">
          <button type="submit" className="button" disabled={saving}>
            {t('consent.save')}
          </button>
          <button type="button" className="button" disabled={saving} onClick={() => save({ analytics: true, advertising: true })}>
            {t('consent.acceptAll')}
          </button>
          <button
            type="button"
            className="button"
            disabled={saving}
            onClick={() => save({ analytics: false, advertising: false })}
          >
            {t('consent.rejectAll')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('consent.close')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
