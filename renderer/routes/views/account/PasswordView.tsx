import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/api-context';
import { AccountField } from '../../../ui/account/AccountField';
import { AccountPage } from '../../../ui/account/AccountPage';
import { newPasswordProblem } from '../../../ui/account/account-errors';
import { FormMessages } from '../../../ui/account/FormMessages';
import { useAccountForm } from '../../../ui/account/use-account-form';

const ORDER = ['password-current', 'password-new', 'password-confirm'];

/**
 * `/account/password` (spec section 5): the current password, then the new one twice (they must match).
 * Left blank, nothing changes. Once changed, every other device is signed out; this one stays signed in.
 */
export default function PasswordView() {
  const { t } = useTranslation();
  const api = useApi();
  const { errors, failure, notice, setNotice, busy, check, send } = useAccountForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get('password-current') ?? '');
    const next = String(form.get('password-new') ?? '');
    const confirm = String(form.get('password-confirm') ?? '');
    if (!current && !next && !confirm) {
      check(ORDER, {});
      return setNotice(t('account.password.unchanged'));
    }
    const ok = check(ORDER, {
      'password-current': current ? undefined : t('checkout.validation.required'),
      'password-new': newPasswordProblem(next, t),
      'password-confirm': confirm === next ? undefined : t('account.passwordRules.mismatch'),
    });
    if (!ok) return;
    await send(async () => {
      await api.request('put /customer/user/pass', { body: { password: current, newPassword: next } });
      formElement.reset();
      setNotice(t('account.password.done'));
    });
  }

  return (
    <AccountPage section="password" title={t('account.password.title')}>
      <form className="account-form" method="post" noValidate onSubmit={submit}>
        <AccountField
          id="password-current"
          label={t('account.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={512}
          error={errors['password-current']}
        />
        <AccountField
          id="password-new"
          label={t('account.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={512}
          hint={t('account.passwordRules.hint', { count: 8 })}
          error={errors['password-new']}
        />
        <AccountField
          id="password-confirm"
          label={t('account.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={512}
          error={errors['password-confirm']}
        />
        <FormMessages failure={failure} notice={notice} />
        <button className="button" type="submit" disabled={busy}>
          {t('account.password.submit')}
        </button>
      </form>
    </AccountPage>
  );
}
