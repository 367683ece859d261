// The feedback-form block: a rating from 1 to 5, a message and an optional email, sent to
// /api/customer-feedbacks/email with the forms' anti-bot checks (docs/forms.md).
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./FeedbackForm');
/** On an islands page it is hydrated alone: it needs the API client and its words only. */
export const hydration = 'island';
