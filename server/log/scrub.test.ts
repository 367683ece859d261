// What scrub takes out of anything about to be logged: card numbers in every string, secret fields at any
// depth and spelling, the same in errors (message, stack, own fields, cause), and secrets written as JSON
// or a query inside a message. What holds nothing secret comes back as the very same value.
import { describe, expect, it } from 'vitest';
import { logExcerpt, REDACTED, scrub, scrubText } from './scrub';

const CARD = '4000 0027 6000 3184';
const CARD_DIGITS = CARD.replace(/ /g, '');

describe('scrub', () => {
  it('redacts secret fields at any depth and under any spelling, and masks card numbers in other fields', () => {
    const entry = {
      msg: `refused ${CARD}`,
      body: {
        card: { number: CARD_DIGITS, cvc: '123', CVV: 321, Security_Code: '999', expiry: '12/30' },
        payment_token: 'tok_abc',
        orderToken: '0123456789abcdef0123456789abcdef',
        customer: { password: 'hunter2', email: 'ada@example.com' },
      },
      headers: { Authorization: 'Bearer m3rch4nt', cookie: 'sid=1', 'x-api-key': 'k', 'content-type': 'application/json' },
      config: { webhookSecret: 'whsec_1', STRIPE_SECRET_KEY: 'sk_test_1' },
      order: { number: 'VG-00012' },
      list: [{ note: CARD }, 4242424242424242],
    };
    expect(scrub(entry)).toEqual({
      msg: 'refused **** **** **** 3184',
      body: {
        card: { number: REDACTED, cvc: REDACTED, CVV: REDACTED, Security_Code: REDACTED, expiry: '12/30' },
        payment_token: REDACTED,
        orderToken: REDACTED,
        customer: { password: REDACTED, email: 'ada@example.com' },
      },
      headers: { Authorization: REDACTED, cookie: REDACTED, 'x-api-key': REDACTED, 'content-type': 'application/json' },
      config: { webhookSecret: REDACTED, STRIPE_SECRET_KEY: REDACTED },
      order: { number: 'VG-00012' },
      list: [{ note: '**** **** **** 3184' }, '************4242'],
    });
    // The value logged is not changed under its owner's feet.
    expect(entry.body.card.cvc).toBe('123');
  });

  it('answers the same value when there is nothing to take out', () => {
    const plain = { msg: 'order VG-00012 paid', nested: { list: [1, 'two', null], at: new Date(0) } };
    expect(scrub(plain)).toBe(plain);
    const error = new Error('the database is down');
    expect(scrub(error)).toBe(error);
  });

  it('keeps an error an error of its class, with its message, stack, own fields and cause scrubbed', () => {
    class SignatureError extends Error {
      payload = `{"number":"${CARD}","cvc":"123"}`;
      header = 't=1,v1=abc';
    }
    const cause = new Error(`card ${CARD_DIGITS} refused`);
    const error = new SignatureError(`no signature matches the payload ${CARD}`, { cause });
    const clean = scrub(error) as SignatureError;
    expect(clean).toBeInstanceOf(SignatureError);
    expect(clean.message).toBe('no signature matches the payload **** **** **** 3184');
    expect(clean.stack).toContain('no signature matches the payload **** **** **** 3184');
    expect(clean.stack).toContain('scrub.test.ts');
    expect(clean.payload).toBe(`{"number":"${REDACTED}","cvc":"${REDACTED}"}`);
    expect(clean.header).toBe('t=1,v1=abc');
    expect((clean.cause as Error).message).toBe('card ************3184 refused');
    expect(error.message).toContain(CARD);
  });

  it('survives cycles and depth', () => {
    const loop: Record<string, unknown> = { note: CARD };
    loop.self = loop;
    expect(scrub(loop)).toEqual({ note: '**** **** **** 3184', self: '[Circular]' });
    let deep: unknown = CARD;
    for (let i = 0; i < 40; i++) deep = { deeper: deep };
    expect(JSON.stringify(scrub(deep))).not.toContain('3184');
  });

  it('redacts secrets written in a message as JSON or as a query', () => {
    expect(scrubText(`browser: {"cvc":"123","number":"${CARD}","code":8007,"token":"abc"}`)).toBe(
      `browser: {"cvc":"${REDACTED}","number":"${REDACTED}","code":8007,"token":"${REDACTED}"}`,
    );
    expect(scrubText('GET /thankyou?token=abc&lang=en')).toBe(`GET /thankyou?token=${REDACTED}&lang=en`);
    // Cut short by a length limit: the value is still taken out.
    expect(scrubText('{"password":"hunt')).toBe(`{"password":"${REDACTED}"`);
  });

  it('cuts text for a log line only once it is scrubbed: no card number cut in two lets its first digits through', () => {
    const text = `${'x'.repeat(20)} ${CARD_DIGITS}`;
    const cut = logExcerpt(text, 33);
    expect(cut).toBe(`${'x'.repeat(20)} ************`);
    expect(logExcerpt({ card: CARD_DIGITS, cvc: '123' }, 2000)).toBe(`{"card":"************3184","cvc":"${REDACTED}"}`);
  });
});
