// Preloaded into the benchmark's server process (node --import): counts every statement the process
// sends to PostgreSQL through pg, and writes the count to SQL_COUNT_FILE (JSON) when sent SIGUSR2. The shop's
// code is not changed for it.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

let count = 0;
// The statements of the payment guards (issue 9: the signature's replay guard and the idempotency key,
// kept in PostgreSQL so every process honours them), counted apart as well.
let guards = 0;
const GUARD_TABLES = /"(payment_nonces|idempotency_keys)"/;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  count++;
  const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
  if (GUARD_TABLES.test(String(text))) guards++;
  return query.apply(this, args);
};
process.on('SIGUSR2', () => writeFileSync(process.env.SQL_COUNT_FILE, JSON.stringify({ count, guards })));
// SQL_LOG_FILE: also writes each statement's text there (to see which a checkout runs).
if (process.env.SQL_LOG_FILE) {
  const { appendFileSync } = await import('node:fs');
  const counted = pg.Client.prototype.query;
  pg.Client.prototype.query = function loggedQuery(...args) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    appendFileSync(process.env.SQL_LOG_FILE, `${String(text).replace(/\s+/g, ' ').slice(0, 300)}\n`);
    return counted.apply(this, args);
  };
}
