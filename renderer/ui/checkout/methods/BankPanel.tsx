// A redirect bank method in the checkout (test bank): for iDEAL the shopper chooses a bank first
// (GET /api/paymentStrategy/airwallexIdealBanks), required before paying; other bank methods need nothing
// here (PaymentFields says the shopper will be taken to the bank to pay).
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { IdealBank } from '../../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../../state/checkout-store';
import { Loading } from '../../Loading';
import { SelectField } from '../Field';
import { choosesBank } from './bank-choice';
import type { MethodPanelProps } from './method-panel';

export default function BankPanel({ method, extra, setExtra }: MethodPanelProps) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const { errors, fieldError } = useCheckout();
  const selects = choosesBank(method);
  const [banks, setBanks] = useState<IdealBank[] | null | 'failed'>(null);

  useEffect(() => {
    if (!selects) return;
    let live = true;
    api.payments
      .idealBanks()
      .then((list) => live && setBanks(list))
      .catch(() => live && setBanks('failed'));
    return () => {
      live = false;
    };
  }, [api, selects]);
  // Another method chosen: a missing bank is no longer a problem of the form.
  useEffect(() => () => fieldError('/bank', null), [fieldError]);

  if (!selects) return null;
  if (banks === null) return <Loading />;
  if (banks === 'failed')
    return (
      <p className="checkout-note" role="alert">
        {t('checkout.bank.unavailable')}
      </p>
    );
  return (
    <SelectField
      path="/bank"
      label={t('checkout.bank.label')}
      problem={errors['/bank']}
      value={extra.bank ?? ''}
      placeholder={t('checkout.bank.choose')}
      options={banks.map((bank) => ({ value: bank.code, label: bank.name }))}
      onChange={(bank) => {
        setExtra({ ...extra, bank: bank || undefined });
        fieldError('/bank', bank ? null : 'required');
      }}
    />
  );
}
