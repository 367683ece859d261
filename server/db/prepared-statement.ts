// A hot read built once per database handle instead of on every call. drizzle turns a query into SQL
// text each time it runs (measured in the checkout page's profile, issue 10; figures in bench/RESULTS.md);
// a prepared query keeps the text and, on PostgreSQL, the statement is
// parsed and planned once per connection. A transaction is its own handle, so it builds its own.
import type { Db } from './connect';

export function preparedStatement<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) byDb.set(db, (prepared = build(db)));
    return prepared;
  };
}
