import { useEffect } from 'react';
import { useT } from '../../i18n/use-t';
import { fieldId, type FieldErrors } from './checkout-form';
import { useFieldLabel, useProblemText } from './Field';
import { orderedPaths } from './validation';

/** What to correct, in the order of the page, each a link to its field; the first bad field gets the focus. */
export default function ErrorList({ errors, paths }: { errors: FieldErrors; paths: string[] }) {
  const { t } = useT();
  const text = useProblemText();
  const labels = useFieldLabel();
  const shown = orderedPaths(Object.fromEntries(paths.filter((p) => errors[p]).map((p) => [p, errors[p]!])));
  useEffect(() => {
    // Only when a submit brings a new list, not as each field is corrected.
    if (shown[0]) document.getElementById(fieldId(shown[0]))?.focus();
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
