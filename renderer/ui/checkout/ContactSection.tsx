import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { Field } from './Field';

/** Contact (spec section 2): email, newsletter opt-in (off by default), save my information. */
export function ContactSection() {
  const { t } = useTranslation();
  const { form, errors, change, leave, save, token } = useCheckout();
  return (
    <fieldset className="checkout-section">
      <legend>
        <h2>{t('checkout.contact.title')}</h2>
      </legend>
      <Field
        path="/email"
        label={t('checkout.contact.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        problem={errors['/email']}
        onChange={(e) => change('email', e.target.value)}
        onBlur={() => leave('/email')}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={form.acceptsMarketing}
          onChange={(e) => {
            change('acceptsMarketing', e.target.checked);
            if (token) void save({ acceptsMarketing: e.target.checked }, { quiet: true }).catch(() => {});
          }}
        />
        {t('checkout.contact.newsletter')}
      </label>
      <label className="check">
        <input type="checkbox" checked={form.saveInfo} onChange={(e) => change('saveInfo', e.target.checked)} />
        {t('checkout.contact.saveInfo')}
      </label>
    </fieldset>
  );
}
