import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId, type FieldErrors } from './checkout-form';
import { useProblemText } from './Field';
import { orderedPaths } from './validation';

/** What to correct, in the order of the page, each a link to its field; the first bad field gets the focus. */
export default function ErrorList({ errors, paths }: { errors: FieldErrors; paths: string[] }) {
  const { t } = useTranslation();
  const text = useProblemText();
  const labels = useFieldLabel();
  const shown = orderedPaths(Object.fromEntries(paths.filter((p) => errors[p]).map((p) => [p, errors[p]!])));
  useEffect(() => {
    // Only when a submit brings a new list, not as each field is corrected.
    if (shown[0]) document.getElementById(fieldId(shown[0]))?.focus();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- focus moves when a submit brings a new list only
  }, [paths]);
  if (!shown.length) return null;
  return (
    <>
      <p className="checkout-errors__title">{t('checkout.fixErrors')}</p>
      <ul>
        {shown.map((path) => (
          <li key={path}>
            <a href={`#${fieldId(path)}`}>
              {labels(path)}: {text(errors[path]!)}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The name of a field by its path, for the error summary. */
export function useFieldLabel() {
  const { t } = useTranslation();
  return (path: string) => {
    if (path === '/email') return t('checkout.contact.email');
    const [, group, field] = path.split('/');
    if (group === 'card') return t(`checkout.card.${field}`);
    if (group === 'shippingAddress' || group === 'billingAddress') return t(`checkout.address.${field}`);
    if (group === 'shippingTemplateId') return t('checkout.shipping.method');
    if (group === 'tip') return t('checkout.tip.title');
    if (group === 'insurance') return t('checkout.insurance.title');
    if (group === 'bank') return t('checkout.bank.label');
    return t('checkout.discount.label');
  };
}
