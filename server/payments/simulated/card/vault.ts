// The test card provider's vault: a card becomes a token, and what is kept of it is what a gateway
// shows a shop (brand, last four digits, expiry) plus the outcome its test number stands for. The number
// and the security code are checked and dropped here; they are never stored or logged.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import * as rules from '../../../../schemas/checkout-rules';
import type { CardToken, CardTokenRequest } from '../../../../schemas/generated/api';
import type { Db } from '../../../db/connect';
import { preparedStatement } from '../../../db/prepared-statement';
import { cardTokens, testGatewayPayments } from '../../../db/payment-schema';
import type { DeclineName } from '../../provider';
import { cardBrand, testOutcome, testScenario, type CardScenario } from './test-numbers';
import { declineCodeOf, declineOf } from '../../decline-codes';

/** Read on every card payment (and every one-click offer charged to a saved card). */
const tokenRow = preparedStatement((db) =>
  db
    .select()
    .from(cardTokens)
    .where(eq(cardTokens.token, sql.placeholder('token')))
    .prepare('card_token'),
);

/**
 * A succeeded payment's saved card (the token its data names) in one read: what a one-click offer charges
 * (the payment and the card were two reads on the offer's way).
 */
const savedCardRow = preparedStatement((db) =>
  db
    .select({ saved: sql<string>`${testGatewayPayments.data}->>'saved'`, card: cardTokens })
    .from(testGatewayPayments)
    .innerJoin(cardTokens, eq(cardTokens.token, sql`${testGatewayPayments.data}->>'saved'`))
    .where(
      and(
        eq(testGatewayPayments.reference, sql.placeholder('reference')),
        eq(testGatewayPayments.provider, sql.placeholder('provider')),
        eq(testGatewayPayments.status, 'succeeded'),
      ),
    )
    .prepare('test_card_saved_card'),
);

type CardRow = typeof cardTokens.$inferSelect;

/** What the vault tells of a card. */
export interface VaultCard {
  brand: string;
  last4: string;
  outcome: DeclineName | null;
  scenario: CardScenario | null;
}

const cardOf = (row: CardRow): VaultCard => ({
  brand: row.brand,
  last4: row.last4,
  outcome: row.outcome === null ? null : declineOf(row.outcome),
  scenario: (row.scenario as CardScenario | null) ?? null,
});

export interface CardProblem {
  path: '/number' | '/expiry' | '/cvc' | '/name';
  rule: rules.Problem;
  message: string;
}

/** The problems of the card fields, named by field and rule (never by value). */
export function cardProblems(card: CardTokenRequest, now = new Date()): CardProblem[] {
  const problems: CardProblem[] = [];
  const add = (path: CardProblem['path'], rule: rules.Problem | null) =>
    rule && problems.push({ path, rule, message: rules.PROBLEM_MESSAGES[rule] });
  add('/number', rules.cardNumber(card.number));
  add('/expiry', rules.cardExpiry(card.expiry, now));
  add('/cvc', rules.cardCvc(card.cvc));
  add('/name', rules.required(card.name));
  return problems;
}

export function createVault(db: Db) {
  return {
    /** Keeps a valid card as a token (the caller checked it with cardProblems). */
    async tokenize(card: CardTokenRequest): Promise<CardToken> {
      const digits = card.number.replace(/[\s-]/g, '');
      const [, month, year] = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim())!;
      const outcome = testOutcome(digits);
      const token = `tok_${randomBytes(12).toString('hex')}`;
      const kept = {
        token,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: Number(month),
        expYear: year!.length === 2 ? 2000 + Number(year) : Number(year),
        outcome: outcome ? declineCodeOf(outcome) : null,
        scenario: testScenario(digits),
      };
      await db.insert(cardTokens).values(kept);
      return { token, brand: kept.brand, last4: kept.last4 };
    },
    /** What the vault keeps of a token, null when it names none. */
    async find(token: string): Promise<VaultCard | null> {
      if (!/^tok_[0-9a-f]{24}$/.test(token)) return null;
      const [row] = await tokenRow(db).execute({ token });
      return row ? cardOf(row) : null;
    },
    /** The card saved at a payment of `provider` that succeeded (its token and card); null for none. */
    async savedCard(reference: string, provider: string): Promise<{ token: string; card: VaultCard } | null> {
      const [row] = await savedCardRow(db).execute({ reference, provider });
      return row ? { token: row.saved, card: cardOf(row.card) } : null;
    },
  };
}

export type Vault = ReturnType<typeof createVault>;
