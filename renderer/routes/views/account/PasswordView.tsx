import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/api-context';
import { AccountField, focusFirst } from '../../../ui/account/AccountField';
import { AccountPage } from '../../../ui/account/AccountPage';
import { accountErrorText, newPasswordProblem } from '../../../ui/account/account-errors';

const ORDER = ['password-current', 'password-new', 'password-confirm'];

/**
 * `/account/password` (spec section 5): the current password, then the new one twice (they must match).
 * Left blank, nothing changes. Once changed, every other device is signed out; this one stays signed in.
 */
export default function PasswordView() {
  const { t } = useTranslation();
  const api = useApi();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get('password-current') ?? '');
    const next = String(form.get('password-new') ?? '');
    const confirm = String(form.get('password-confirm') ?? '');
    setFailure(null);
    setNotice(null);
    if (!current && !next && !confirm) {
      setErrors({});
      return setNotice(t('account.password.unchanged'));
    }
    const found = {
      'password-current': current ? undefined : t('checkout.validation.required'),
      'password-new': newPasswordProblem(next, t),
      'password-confirm': confirm === next ? undefined : t('account.passwordRules.mismatch'),
    };
    setErrors(found);
    if (ORDER.some((id) => found[id as keyof typeof found])) return focusFirst(ORDER, found);
    setBusy(true);
    try {
      await api.request('put /customer/user/pass', { body: { password: current, newPassword: next } });
      formElement.reset();
      setNotice(t('account.password.done'));
    } catch (error) {
      setFailure(await accountErrorText(error, t));
    } finally {
      setBusy(false);
    }
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
        <p className="account__alert" role="alert">
          {failure}
        </p>
        <p className="account__notice" role="status">
          {notice}
        </p>
        <button className="button" type="submit" disabled={busy}>
          {t('account.password.submit')}
        </button>
      </form>
    </AccountPage>
  );
}
