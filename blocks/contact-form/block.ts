// The contact-form block: the shop's contact form (spec sections 2, 3 and 5), sent to
// api/customer-contact with the forms' anti-bot checks (docs/forms.md).
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./ContactForm');
/** On an islands page it is hydrated alone: it needs the API client and its words only. */
export const hydration = 'island';
