import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/api-context';
import { AccountField } from '../../../ui/account/AccountField';
import { newPasswordProblem } from '../../../ui/account/account-errors';
import { FormMessages } from '../../../ui/account/FormMessages';
import { useAccountForm } from '../../../ui/account/use-account-form';
import { useLinkCheck } from '../../../ui/account/use-link-check';
import { useLocalHref } from '../../../ui/use-local-href';

const resetRoute = getRouteApi('/account/reset');

/**
 * `/account/reset?token=…`: a new password from the mailed link (spec section 5: new and confirm must
 * match). Opening the link signs the account out everywhere, which is also what "this wasn't me" in the
 * password-changed mail (`&signout=1`) asks for.
 */
export default function ResetView() {
  const { t } = useTranslation();
  const localHref = useLocalHref();
  const api = useApi();
  const { token, signout } = resetRoute.useSearch();
  const check = useCallback(
    (secret: string) => api.request('post /customer/user/reset/check', { body: { token: secret } }),
    [api],
  );
  const link = useLinkCheck(token, check);
  const { errors, failure, busy, check: checkFields, send } = useAccountForm();
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('reset-password') ?? '');
    const confirm = String(form.get('reset-confirm') ?? '');
    const ok = checkFields(['reset-password', 'reset-confirm'], {
      'reset-password': newPasswordProblem(password, t),
      'reset-confirm': confirm === password ? undefined : t('account.passwordRules.mismatch'),
    });
    if (!ok) return;
    await send(async () => {
      await api.request('post /customer/user/checkPwd', { body: { token: token ?? '', password } });
      setDone(true);
    });
  }

  return (
    <section className="account-entry" aria-labelledby="reset-title" aria-busy={link.state === 'checking'}>
      <h1 id="reset-title">{t('account.reset.title')}</h1>
      {link.state === 'checking' ? <p role="status">{t('account.activate.checking')}</p> : null}
      {link.state === 'invalid' ? (
        <>
          <p className="account__alert" role="alert">
            {t('account.reset.invalid')}
          </p>
          <p className="account__links">
            <Link to="/account/forgotten">{t('account.reset.again')}</Link>
          </p>
        </>
      ) : null}
      {link.state === 'valid' && done ? (
        <>
          <p className="account__notice" role="status">
            {t('account.reset.done')}
          </p>
          <p className="account__links">
            <a className="button" href={localHref('/account/dashboard')}>
              {t('account.activate.continue')}
            </a>
          </p>
        </>
      ) : null}
      {link.state === 'valid' && !done ? (
        <form className="account-form" method="post" noValidate onSubmit={submit}>
          {signout ? (
            <p className="account__notice" role="status">
              {t('account.reset.signedOut')}
            </p>
          ) : null}
          <p>{t('account.reset.intro', { email: link.value.email })}</p>
          <AccountField
            id="reset-password"
            label={t('account.fields.newPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={512}
            required
            hint={t('account.passwordRules.hint', { count: 8 })}
            error={errors['reset-password']}
          />
          <AccountField
            id="reset-confirm"
            label={t('account.fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={512}
            required
            error={errors['reset-confirm']}
          />
          <FormMessages failure={failure} />
          <button className="button" type="submit" disabled={busy}>
            {t('account.reset.submit')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
