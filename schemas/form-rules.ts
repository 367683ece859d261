// The rules of the shopper's forms (spec section 5: "Contact form: name, valid email, message required;
// phone optional"; the feedback and newsletter forms likewise), written once for the browser, which shows
// each problem beside its field in the visitor's language (`forms.problems.<problem>`), and for the server,
// which checks the same fields again and names each problem in its 400 (`{ path, message, rule }`).
// Pure, no dependencies beyond the checkout's rules: it ships to the browser.
import { email as emailRule, phone as phoneRule } from './checkout-rules';

export type FormProblem = 'required' | 'email' | 'phone' | 'tooLong' | 'rating';

/** The longest text each field takes (the API's schemas allow the same). */
export const FORM_LIMITS = { name: 100, email: 254, phone: 40, message: 5000, feedback: 2000, pagePath: 300 } as const;

/** The server's words for each problem in its 400s. */
export const FORM_PROBLEM_MESSAGES: Record<FormProblem, string> = {
  required: 'is required',
  email: 'must be a correct email address',
  phone: 'must be a correct phone number',
  tooLong: 'is too long',
  rating: 'must be a rating from 1 to 5',
};

export interface ContactFields {
  name: string;
  email: string;
  phone?: string;
  message: string;
}

export interface FeedbackFields {
  rating: number | null;
  message: string;
  email?: string;
}

export type FieldProblems<Field extends string> = Partial<Record<Field, FormProblem>>;

const filled = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

function text(value: string | undefined, max: number): FormProblem | null {
  if (!filled(value)) return 'required';
  return value.trim().length > max ? 'tooLong' : null;
}

function address(value: string | undefined): FormProblem | null {
  if (filled(value) && value.trim().length > FORM_LIMITS.email) return 'tooLong';
  // The checkout's email rule answers 'required' or 'email' only.
  return emailRule(value) as FormProblem | null;
}

/** An optional field's problem only when something was typed. */
const optional = (value: string | undefined, rule: (value: string) => FormProblem | null) => (filled(value) ? rule(value) : null);

function collect<Field extends string>(checks: Record<Field, FormProblem | null>): FieldProblems<Field> {
  const problems: FieldProblems<Field> = {};
  for (const [field, problem] of Object.entries(checks) as [Field, FormProblem | null][]) if (problem) problems[field] = problem;
  return problems;
}

/** Name, a correct email and a message are required; a phone, when given, must be one. */
export const contactProblems = (fields: ContactFields): FieldProblems<keyof ContactFields> =>
  collect({
    name: text(fields.name, FORM_LIMITS.name),
    email: address(fields.email),
    phone: optional(fields.phone, (value) =>
      value.trim().length > FORM_LIMITS.phone ? 'tooLong' : (phoneRule(value) as FormProblem | null),
    ),
    message: text(fields.message, FORM_LIMITS.message),
  });

/** A rating from 1 to 5 and a message are required; an email, when given, must be correct. */
export const feedbackProblems = (fields: FeedbackFields): FieldProblems<keyof FeedbackFields> =>
  collect({
    rating:
      fields.rating !== null && Number.isInteger(fields.rating) && fields.rating >= 1 && fields.rating <= 5 ? null : 'rating',
    message: text(fields.message, FORM_LIMITS.feedback),
    email: optional(fields.email, address),
  });

/** The newsletter's one field. */
export const subscribeProblems = (fields: { email: string }): FieldProblems<'email'> => collect({ email: address(fields.email) });
