import { getRouteApi } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { useApi } from '../../../state/api-context';
import { useSite } from '../../../state/site-context';
import { AccountField } from '../../../ui/account/AccountField';
import { requiredText } from '../../../ui/account/account-errors';
import { FormMessages } from '../../../ui/account/FormMessages';
import { useAccountForm } from '../../../ui/account/use-account-form';
import { NewsletterForm } from '../../../ui/newsletter/NewsletterForm';
import { localizedMessage } from '../../../ui/site-mode/localized-message';
import { SiteModePage } from '../../../ui/site-mode/SiteModePage';

const passwordRoute = getRouteApi('/password/$handle');

/** spec section 5: the password page's own refusal. */
const WRONG_PASSWORD = 50024;

/**
 * `/password/store` and `/password/funnel` (spec sections 2, 4 and 5): the gate's password. A right one
 * sets the gate's cookie (HttpOnly, by the server) and goes back to where the visitor was (STOREPATH or
 * FUNNELPATH), loading it anew so the server sees the cookie.
 */
export default function GatePasswordView() {
  const { t, i18n } = useTranslation();
  const { site } = useSite();
  const api = useApi();
  const { gate } = passwordRoute.useLoaderData();
  const { errors, setErrors, failure, busy, check, send } = useAccountForm();
  const message = localizedMessage(site.passwordPage?.message, i18n.language, site.defaultLocale);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('gate-password') ?? '');
    if (!check(['gate-password'], { 'gate-password': requiredText(password, t) })) return;
    await send(
      async () => {
        const { redirectTo } = await api.request('post /site/password', { body: { gate, password } });
        window.location.assign(redirectTo);
      },
      (error, words) => {
        // The spec's words beside the field, where the visitor looks; anything else in the form's alert.
        setErrors({
          'gate-password': error instanceof ApiError && error.code === WRONG_PASSWORD ? t('siteMode.password.wrong') : words,
        });
        document.getElementById('gate-password')?.focus();
      },
    );
  }

  return (
    <SiteModePage
      id="gate-title"
      title={t(gate === 'funnel' ? 'siteMode.password.funnelTitle' : 'siteMode.password.storeTitle')}
      message={message}
    >
      <form className="account-form" method="post" noValidate onSubmit={submit}>
        <AccountField
          id="gate-password"
          label={t('siteMode.password.label')}
          type="password"
          autoComplete="current-password"
          maxLength={100}
          required
          error={errors['gate-password']}
        />
        <FormMessages failure={failure} />
        <button className="button" type="submit" disabled={busy}>
          {t('siteMode.password.submit')}
        </button>
      </form>
      {gate === 'store' ? (
        // A shop before its launch gathers who wants to hear when it opens, as coming-soon pages do.
        <div className="site-mode__aside">
          <NewsletterForm source="password" />
        </div>
      ) : null}
    </SiteModePage>
  );
}
