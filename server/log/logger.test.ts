// The server's one logger as its lines are written: JSON a line, and nothing in them a log may not hold,
// whichever way a line was logged (the shop's log, pino directly, a child logger, an error's stack).
import { describe, expect, it } from 'vitest';
import { createLogger, logTo, scrubbedLog, type Log, type LoggerOptions } from './logger';
import { REDACTED } from './scrub';

const CARD = '4242 4242 4242 4242';
const CARD_DIGITS = '4242424242424242';

function captured(level?: LoggerOptions['level']) {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the server logger', () => {
  it("writes the shop's log(message, error) as JSON lines: a warning, or an error with its type and stack", () => {
    const { logger, entries } = captured();
    const log = logTo(logger);
    log('400 GET /api/products (request r1): The query is not valid');
    log('GET /api/site failed (request r2)', new TypeError('the site is gone'));
    const [warning, fault] = entries();
    expect(warning).toMatchObject({ level: 40, msg: '400 GET /api/products (request r1): The query is not valid' });
    expect(warning!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(fault).toMatchObject({
      level: 50,
      msg: 'GET /api/site failed (request r2)',
      err: { type: 'TypeError', message: 'the site is gone' },
    });
    expect((fault!.err as { stack: string }).stack).toContain('logger.test.ts');
  });

  it('masks card numbers and redacts secrets in every part of a line, however it was logged', () => {
    const { logger, lines } = captured('trace');
    const log = logTo(logger);
    log(`payment failure reported by the browser (8007): card ${CARD} declined`);
    class SignatureError extends Error {
      payload = `{"number":"${CARD_DIGITS}","cvc":"123"}`;
    }
    log(
      'a stripe webhook was refused',
      new SignatureError(`No signatures found matching the expected signature for payload ${CARD_DIGITS}`),
    );
    logger.info(
      { body: { number: CARD_DIGITS, cvc: '123', paymentToken: 'tok_1' }, headers: { authorization: 'Bearer x' } },
      'body',
    );
    logger.info('formatted %s and %d', CARD, 4242424242424242);
    logger.child({ card: CARD_DIGITS, webhookSecret: 'whsec_1' }).debug('child');
    logger.warn(new Error(`thrown with ${CARD}`));
    const written = lines.join('');
    for (const secret of [CARD, CARD_DIGITS, '"123"', 'tok_1', 'Bearer x', 'whsec_1']) expect(written).not.toContain(secret);
    expect(written.replace(/[\s-]/g, '')).not.toContain(CARD_DIGITS);
    expect(written).toContain('**** **** **** 4242');
    expect(written).toContain(REDACTED);
    // Still one JSON object a line.
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('writes nothing below its level', () => {
    const { logger, lines } = captured('warn');
    logger.info('started');
    logTo(logger)('refused');
    expect(lines).toHaveLength(1);
  });

  it('scrubs what any other log is handed (the test shop captures lines that way)', () => {
    const seen: unknown[] = [];
    const log: Log = (message, error) => seen.push(message, error);
    const error = new Error(`declined ${CARD}`);
    scrubbedLog(log)(`card ${CARD_DIGITS}`, error);
    scrubbedLog(log)('plain');
    expect(seen[0]).toBe('card ************4242');
    expect(seen[1]).toBeInstanceOf(Error);
    expect((seen[1] as Error).message).toBe('declined **** **** **** 4242');
    expect(seen.slice(2)).toEqual(['plain', undefined]);
  });
});
