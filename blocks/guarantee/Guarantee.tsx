import { useLocalized } from '../../renderer/i18n/use-localized';
import { useTranslation } from 'react-i18next';
import { promisesKept, useFreeDeliveryFrom } from '../../renderer/ui/layout/free-delivery';
import type { BlockProps, SettingsOf } from '../types';
import './guarantee.css';

/** The service promises (spec section 1), in the words of the shop's footer. */
export default function Guarantee({ id, settings }: BlockProps<SettingsOf<'guarantee'>>) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const headingId = `${id}-title`;
  const heading = localized(settings.heading);
  const amount = useFreeDeliveryFrom();
  return (
    <section
      className="guarantee"
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : t('blocks.guarantee.label')}
    >
      {heading ? <h2 id={headingId}>{heading}</h2> : null}
      <ul className="guarantee__list">
        {promisesKept(settings.promises, amount).map((key) => (
          <li key={key} className="guarantee__item">
            <strong>{t(`layout.promises.${key}`, { amount: amount ?? '' })}</strong>
            <span>{t(`layout.promiseDetails.${key}`, { amount: amount ?? '' })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
