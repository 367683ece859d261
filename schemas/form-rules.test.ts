// The forms' rules (spec section 5), as the browser and the server both apply them, and their words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../renderer/i18n/locales';
import { contactProblems, feedbackProblems, FORM_PROBLEM_MESSAGES, subscribeProblems } from './form-rules';

describe('the contact form’s rules', () => {
  it('requires a name, a correct email and a message; a phone only when given, and then a real one', () => {
    expect(contactProblems({ name: 'Ada', email: 'ada@example.com', message: 'Hi' })).toEqual({});
    expect(contactProblems({ name: ' ', email: '', phone: '', message: '\n' })).toEqual({
      name: 'required',
      email: 'required',
      message: 'required',
    });
    expect(contactProblems({ name: 'Ada', email: 'ada@example', phone: '12', message: 'Hi' })).toEqual({
      email: 'email',
      phone: 'phone',
    });
    expect(
      contactProblems({ name: 'Ada', email: 'ada@example.com', phone: '+44 20 7946 0958', message: 'x'.repeat(5001) }),
    ).toEqual({
      message: 'tooLong',
    });
  });

  it('asks feedback for a rating from 1 to 5 and a message; an email only when given', () => {
    expect(feedbackProblems({ rating: 5, message: 'Good' })).toEqual({});
    expect(feedbackProblems({ rating: null, message: '', email: 'nope' })).toEqual({
      rating: 'rating',
      message: 'required',
      email: 'email',
    });
    expect(feedbackProblems({ rating: 6, message: 'Good' })).toEqual({ rating: 'rating' });
    expect(subscribeProblems({ email: ' ada@example.com ' })).toEqual({});
  });
});

describe.each(LOCALE_CODES)('locales/%s.json', (code) => {
  it('words every problem a form shows beside its field', () => {
    const words = (
      JSON.parse(readFileSync(new URL(`../locales/${code}.json`, import.meta.url), 'utf8')) as {
        forms: { problems: Record<string, string> };
      }
    ).forms.problems;
    for (const problem of Object.keys(FORM_PROBLEM_MESSAGES)) expect(words[problem]?.trim(), `${code} ${problem}`).toBeTruthy();
  });
});
