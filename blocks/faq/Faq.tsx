import { useLocalized } from '../../renderer/i18n/use-localized';
import { useTranslation } from 'react-i18next';
import { scriptJson } from '../../renderer/ui/script-json';
import type { BlockProps, SettingsOf } from '../types';
import './faq.css';

const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((p) => p.trim());

/**
 * Questions and answers (spec: funnel pages' FAQ). Each question is a native disclosure (details and
 * summary): keyboard and screen readers work without JavaScript, and the answers stay in the page for
 * search. The same questions are given to search engines as FAQPage structured data.
 */
export default function Faq({ id, settings }: BlockProps<SettingsOf<'faq'>>) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const headingId = `${id}-title`;
  const items = settings.items.map((item) => ({ question: localized(item.question), answer: localized(item.answer) }));
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
  return (
    <section className="faq" aria-labelledby={headingId}>
      <h2 id={headingId}>{localized(settings.heading) || t('blocks.faq.title')}</h2>
      {items.map((item, i) => (
        <details key={`${id}-${i}`} className="faq__item" open={settings.openFirst && i === 0}>
          <summary>{item.question}</summary>
          <div className="faq__answer">
            {paragraphs(item.answer).map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </div>
        </details>
      ))}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(structured) }} />
    </section>
  );
}
