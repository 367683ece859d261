// A form's fields checked with the rules the browser uses (schemas/form-rules.ts): one 400 naming each
// problem (`{ path, message, rule }`, as the checkout's), so a client words it beside its field.
import { FORM_PROBLEM_MESSAGES, type FieldProblems } from '../../../schemas/form-rules';
import { badRequest } from '../errors';

export function refuseProblems<Field extends string>(what: string, problems: FieldProblems<Field>): void {
  const errors = Object.entries(problems).map(([field, rule]) => ({
    path: `/${field}`,
    message: FORM_PROBLEM_MESSAGES[rule as keyof typeof FORM_PROBLEM_MESSAGES],
    rule,
  }));
  if (!errors.length) return;
  throw badRequest(`The ${what} is not valid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, {
    errors,
    errorCount: errors.length,
  });
}
