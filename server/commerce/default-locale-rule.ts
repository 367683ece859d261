// A merchant's text given by locale must hold the shop's default locale, and not as empty text: that is
// the one language the merchant is sure to have written, the one the shop's own words are in. The schemas
// say which values are such texts (the keyword below sits on schemas/localized-text.schema.json), so a
// new setting is checked without being named here. The default locale is the shop's, not the schema's:
// a save passes it as the validator's context (ajv's passContext). A check without it (a stored page
// about to render) lets an old text through, so a page saved before the rule, or before the default
// locale changed, still shows.
import type { ErrorObject, KeywordDefinition } from 'ajv';
import { escapePointer } from './validation';

export const DEFAULT_LOCALE_KEYWORD = 'x-vitrine-default-locale';

/** What a save is checked against besides its schema. */
export interface SaveRules {
  /** The shop's default locale (site.defaultLocale); none: texts are not checked for it. */
  defaultLocale?: string;
}

/** The words of the rule, shared by every merchant's call that saves shop text. */
export const defaultLocaleNeeded = (locale: string) => `The text in the shop's default language (${locale}) is needed.`;

type Problem = Partial<ErrorObject> & { instancePath: string; message: string };

function check(
  this: SaveRules | undefined,
  on: boolean,
  data: unknown,
  _parent?: unknown,
  cxt?: { instancePath: string },
): boolean {
  const locale = this?.defaultLocale;
  // A plain string is every language's text; anything else that is not an object the schema refuses.
  if (!on || !locale || data === null || typeof data !== 'object' || Array.isArray(data)) return true;
  const at = cxt?.instancePath ?? '';
  const text = (data as Record<string, unknown>)[locale];
  let problem: Problem | undefined;
  if (text === undefined) problem = { instancePath: at, message: defaultLocaleNeeded(locale) };
  else if (text === '') problem = { instancePath: `${at}/${escapePointer(locale)}`, message: 'must not be empty' };
  validate.errors = problem ? [{ ...problem, keyword: DEFAULT_LOCALE_KEYWORD, params: { locale } }] : undefined;
  return !problem;
}
const validate: typeof check & { errors?: Partial<ErrorObject>[] } = check;

/** The keyword for ajv (with `passContext: true`): `validate.call({ defaultLocale }, value)` applies it. */
export const defaultLocaleKeyword: KeywordDefinition = {
  keyword: DEFAULT_LOCALE_KEYWORD,
  schemaType: 'boolean',
  errors: true,
  validate,
};
