// What a database error means, whichever driver raised it (PGlite or node-postgres, possibly wrapped by
// drizzle in an error whose `cause` is the driver's).

/** A unique index refused the write (SQLSTATE 23505): someone else wrote the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
