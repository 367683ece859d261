// The server's one logger: pino, writing one JSON object a line (time, level, msg, err with its stack), and
// the one way every line leaves the process. Whatever is logged, by the shop's log(message, error) or by
// pino directly, the written line is scrubbed last (scrub.ts: card numbers masked, secret fields
// redacted), so no caller can forget it and no serializer or child logger goes around it.
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { REDACTED, scrub, scrubText } from './scrub';

/** The shop's log: a message, and the fault when there is one (logged with its stack). */
export type Log = (message: string, error?: unknown) => void;

export const LOG_LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
export const isLogLevel = (level: string): level is Level | 'silent' =>
  level === 'silent' || (LOG_LEVELS as readonly string[]).includes(level);

/**
 * Where pino itself takes the best-known secret fields out as it writes (scrub.ts takes out these and the
 * others at any depth and under any spelling, and a card's \`number\` when it holds one).
 */
const SECRET_FIELDS = ['cardNumber', 'cvc', 'cvv', 'securityCode', 'password', 'paymentToken', 'webhookSecret', 'secretKey'];
const SECRET_HEADERS = ['authorization', 'cookie', 'x-api-key'];
const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

/** A written line (JSON and its newline) with nothing a log may not hold. */
function scrubLine(line: string): string {
  try {
    const entry: unknown = JSON.parse(line);
    const clean = scrub(entry);
    return clean === entry ? line : `${JSON.stringify(clean)}\n`;
  } catch {
    // Not one JSON object (pino writes nothing else): still no card number leaves.
    return scrubText(line);
  }
}

export interface LoggerOptions {
  /** The lowest level written (LOG_LEVEL; info). */
  level?: Level | 'silent';
  /** Where lines go: standard output unless given (tests pass their own). */
  destination?: DestinationStream;
}

export function createLogger({ level = 'info', destination }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      // A time a reader can read, and no long run of digits in a line of its own making.
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      hooks: { streamWrite: scrubLine },
    },
    // Written at once: a line logged just before the process stops (a fatal start) is not lost.
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** The shop's log(message, error?) on a pino logger: a fault is an error with its stack, the rest warnings. */
export const logTo =
  (logger: Logger): Log =>
  (message, error) => {
    if (error === undefined) logger.warn(message);
    else logger.error({ err: error }, message);
  };

/**
 * A log whose lines are scrubbed before it sees them: what createApp logs through, so a log that is not pino
 * (a test's, capturing lines) never holds a card number either.
 */
export const scrubbedLog =
  (log: Log): Log =>
  (message, error) =>
    log(scrubText(message), error === undefined ? undefined : scrub(error));
