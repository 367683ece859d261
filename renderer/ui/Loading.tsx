import { useTranslation } from 'react-i18next';

/** Spec: a small loading indicator image in a bordered box, while content loads. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status">
      <img src="/loading.svg" alt="" width={32} height={32} />
      <span className="visually-hidden">{t('layout.loading')}</span>
    </div>
  );
}
