import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contactProblems, FORM_LIMITS, type ContactFields, type FieldProblems } from '../../schemas/form-rules';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { useApi } from '../../renderer/state/api-context';
import { FormField, FormEnd } from '../../renderer/ui/forms/FormField';
import { useSend } from '../../renderer/ui/forms/use-send';
import type { BlockProps, SettingsOf } from '../types';

type Field = keyof ContactFields;
const FIELDS: Field[] = ['name', 'email', 'phone', 'message'];

/**
 * The contact form (spec sections 2, 3 and 5): name, email, an optional phone and the message, checked
 * as the shopper leaves each field and again on sending, by the rules the server applies
 * (schemas/form-rules.ts); each problem beside its field. Once sent, the form gives way to a thank-you
 * that says a copy was mailed.
 */
export default function ContactForm({ id, settings }: BlockProps<SettingsOf<'contact-form'>>) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const api = useApi();
  const { status, prepare, send } = useSend('contact');
  const [fields, setFields] = useState<ContactFields>({ name: '', email: '', phone: '', message: '' });
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const fieldId = (field: Field) => `${id}-${field}`;
  const change = (field: Field, value: string) => {
    setFields((now) => ({ ...now, [field]: value }));
    // A problem shown goes as soon as it is mended.
    if (problems[field]) setProblems((now) => ({ ...now, [field]: contactProblems({ ...fields, [field]: value })[field] }));
  };
  const leave = (field: Field) => {
    if (fields[field]?.trim()) setProblems((now) => ({ ...now, [field]: contactProblems(fields)[field] }));
  };
  const refuse = (found: FieldProblems<Field>) => {
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = contactProblems(fields);
    if (Object.keys(found).length) return refuse(found);
    const { phone, ...required } = fields;
    void send(
      event.currentTarget,
      (guard) => api.request('post /customer-contact', { body: { ...required, ...(phone?.trim() ? { phone } : {}), ...guard } }),
      refuse,
    );
  };
  const headingId = `${id}-title`;
  return (
    <section className="shopper-form-block" aria-labelledby={headingId}>
      <h2 id={headingId}>{localized(settings.heading) || t('blocks.contact-form.title')}</h2>
      {settings.intro ? <p>{localized(settings.intro)}</p> : null}
      {status.state === 'sent' ? (
        <p className="shopper-form__done" role="status">
          {t('blocks.contact-form.sent', { email: fields.email.trim() })}
        </p>
      ) : (
        <form className="shopper-form" noValidate onSubmit={submit} onFocus={() => void prepare().catch(() => {})}>
          <FormField
            id={fieldId('name')}
            label={t('blocks.contact-form.name')}
            name="name"
            autoComplete="name"
            maxLength={FORM_LIMITS.name}
            value={fields.name}
            problem={problems.name}
            onChange={(e) => change('name', e.target.value)}
            onBlur={() => leave('name')}
          />
          <FormField
            id={fieldId('email')}
            label={t('blocks.contact-form.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={FORM_LIMITS.email}
            value={fields.email}
            problem={problems.email}
            onChange={(e) => change('email', e.target.value)}
            onBlur={() => leave('email')}
          />
          {settings.showPhone ? (
            <FormField
              id={fieldId('phone')}
              label={t('blocks.contact-form.phone')}
              optional
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={FORM_LIMITS.phone}
              value={fields.phone}
              problem={problems.phone}
              onChange={(e) => change('phone', e.target.value)}
              onBlur={() => leave('phone')}
            />
          ) : null}
          <FormField
            id={fieldId('message')}
            label={t('blocks.contact-form.message')}
            multiline
            name="message"
            rows={6}
            maxLength={FORM_LIMITS.message}
            value={fields.message}
            problem={problems.message}
            onChange={(e) => change('message', e.target.value)}
            onBlur={() => leave('message')}
          />
          <FormEnd id={id} status={status} />
          <p>
            <button type="submit" className="button" disabled={status.state === 'sending'}>
              {status.state === 'sending' ? t('forms.sending') : t('blocks.contact-form.send')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
