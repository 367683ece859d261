// What a preview link shows above the page (renderer/routes: ?preview=): which version it is, that
// shoppers see the live page, and for a version that cannot be shown, every error with its JSON pointer.
import type { PageView } from '../../schemas/generated/api';
import { useTranslation } from 'react-i18next';

export function PreviewNotice({ preview }: { preview: NonNullable<PageView['preview']> }) {
  const { t } = useTranslation();
  if (!preview.errors) {
    return (
      <p className="preview-notice" role="status">
        {t('preview.banner', { version: preview.version })}
      </p>
    );
  }
  const count = preview.errorCount ?? preview.errors.length;
  return (
    <section className="preview-notice preview-notice--invalid" aria-labelledby="preview-errors-title">
      <h2 id="preview-errors-title">{t('preview.invalid', { version: preview.version, count })}</h2>
      <ul className="preview-notice__errors">
        {preview.errors.map((error) => (
          <li key={`${error.path} ${error.message}`}>
            <code>{error.path || '/'}</code> {error.message}
          </li>
        ))}
      </ul>
      <p>{t('preview.hint')}</p>
    </section>
  );
}
