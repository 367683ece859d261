// Paying again after an attempt got no answer (the connection dropped): with the same card, the request
// sent is the one sent before (the same token under the same key), which the server answers once; with
// another card it is a new request under a new key.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { pay } from './pay-flow';

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' };

function fakeApi() {
  const tokenized: string[] = [];
  const sent: { paymentToken?: string; idempotencyKey: string }[] = [];
  let answer: 'lost' | 'paid' = 'lost';
  const api = {
    payments: {
      tokenizeCard: async (card: { number: string }) => {
        tokenized.push(card.number);
        return { token: `tok_${tokenized.length}`, brand: 'visa', last4: card.number.slice(-4) };
      },
      createOrder: async (request: { paymentToken?: string; idempotencyKey: string }) => {
        sent.push(request);
        if (answer === 'lost') throw new TypeError('Failed to fetch');
        return { status: 'paid', orderToken: 'ord', next: '/thankyou/ord' };
      },
    },
  } as unknown as ApiClient;
  return { api, tokenized, sent, answerWith: (next: 'lost' | 'paid') => (answer = next) };
}

const payWith = (api: ApiClient, attempt: { current: string | null }, card = CARD) =>
  pay({ api, t: (key) => key, token: 'chk', card, method: 'card', extra: {}, attempt });

describe('paying by card again after no answer came', () => {
  it('sends the same token under the same key: the request the server may already have answered', async () => {
    const { api, tokenized, sent, answerWith } = fakeApi();
    const attempt = { current: null as string | null };
    expect((await payWith(api, attempt)).outcome).toBe('failed');
    answerWith('paid');
    expect(await payWith(api, attempt)).toEqual({ outcome: 'paid', href: '/thankyou/ord' });
    expect(tokenized).toHaveLength(1);
    expect(sent[1]).toEqual(sent[0]);
    // Answered: the next payment is a new attempt, with a new token and key.
    await payWith(api, attempt);
    expect(tokenized).toHaveLength(2);
    expect(sent[2]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });

  it('another card is another request: a new token under a new key', async () => {
    const { api, tokenized, sent } = fakeApi();
    const attempt = { current: null as string | null };
    await payWith(api, attempt);
    await payWith(api, attempt, { ...CARD, number: '5555 5555 5555 4444' });
    expect(tokenized).toEqual(['4242424242424242', '5555555555554444']);
    expect(sent[1]!.paymentToken).toBe('tok_2');
    expect(sent[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });
});
