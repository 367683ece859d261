// The faq block: questions and answers as an accessible accordion, with FAQPage structured data.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./Faq');
