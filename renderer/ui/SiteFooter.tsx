import { useT } from '../i18n/use-t';
import type { Site } from '../../schemas/generated/api';

const PROMISES = ['moneyBack', 'freeDelivery', 'service'] as const;

export function SiteFooter({ site }: { site: Site | undefined }) {
  const { t } = useT();
  return (
    <footer className="site-footer">
      <ul className="site-footer__promises">
        {PROMISES.map((key) => (
          <li key={key}>{t(`layout.promises.${key}`)}</li>
        ))}
      </ul>
      <p className="site-footer__name">{site?.name ?? 'Vitrine'}</p>
    </footer>
  );
}
