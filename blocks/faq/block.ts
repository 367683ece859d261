// The faq block: questions and answers as an accessible accordion, with FAQPage structured data.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./Faq');
/** Plain HTML: on an islands page its code is not sent (its links are plain links). */
export const hydration = 'none';
