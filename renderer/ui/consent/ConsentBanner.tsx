// The cookie banner (spec section 2: essential, analytics, advertising) and its preferences dialog.
// The banner is a region fixed to the bottom of the window (it moves nothing on the page), reachable by
// keyboard and named for screen readers; accepting and refusing are equally easy. The dialog is a native
// modal <dialog>: focus moves into it and stays there, Escape closes it, focus returns where it was.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CookieCategory } from '../../../schemas/generated/api';
import { currentConsent, type ConsentEnv } from '../../consent/consent-policy';
import { saveConsent, type Choice } from '../../consent/save-consent';

interface Props {
  env: ConsentEnv;
  initial: 'banner' | 'preferences';
  onClose: () => void;
  onChosen: () => void;
}

export function ConsentBanner({ env, initial, onClose, onChosen }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState(initial);
  const [saving, setSaving] = useState(false);
  const choose = async (choice: Choice, source: 'banner' | 'preferences') => {
    setSaving(true);
    await saveConsent(env.api, choice, env.policy.version, source);
    onChosen();
  };
  const all = { analytics: true, advertising: true };
  const none = { analytics: false, advertising: false };
  if (mode === 'preferences')
    return (
      <Preferences
        env={env}
        saving={saving}
        onSave={(choice) => void choose(choice, 'preferences')}
        // From the banner, closing the dialog brings the banner back: no choice was made.
        onCancel={initial === 'banner' ? () => setMode('banner') : onClose}
      />
    );
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-title">
      <h2 id="consent-banner-title" className="consent-banner__title">
        {t('consent.title')}
      </h2>
      <p className="consent-banner__text">
        {t('consent.text')} <a href="/pages/privacy-policy">{t('consent.policyLink')}</a>
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="button" disabled={saving} onClick={() => void choose(all, 'banner')}>
          {t('consent.acceptAll')}
        </button>
        <button type="button" className="button" disabled={saving} onClick={() => void choose(none, 'banner')}>
          {t('consent.rejectAll')}
        </button>
        <button type="button" className="button button--secondary" disabled={saving} onClick={() => setMode('preferences')}>
          {t('consent.customize')}
        </button>
      </div>
    </section>
  );
}

function Preferences({
  env,
  saving,
  onSave,
  onCancel,
}: {
  env: ConsentEnv;
  saving: boolean;
  onSave: (choice: Choice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
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
          onSave(choice);
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
          <button
            type="button"
            className="button"
            disabled={saving}
            onClick={() => onSave({ analytics: true, advertising: true })}
          >
            {t('consent.acceptAll')}
          </button>
          <button
            type="button"
            className="button"
            disabled={saving}
            onClick={() => onSave({ analytics: false, advertising: false })}
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
