// Loaded before the shop's server (`node --import`) by the snapshot run only: the server's clock stands
// still at SNAPSHOT_NOW, so what it draws from the time (countdown deadlines, offer windows, order dates,
// the footer's year) is the same on every run. Timers still run: only the wall clock is fixed.
const fixed = Date.parse(process.env.SNAPSHOT_NOW ?? '');
if (Number.isNaN(fixed)) throw new Error('SNAPSHOT_NOW must be an ISO date-time');

const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(fixed);
    else super(...args);
  }
  static now() {
    return fixed;
  }
  // Dates Node makes itself (a file's mtime) are of the real Date: still dates to `instanceof Date`.
  static [Symbol.hasInstance](value) {
    return value instanceof RealDate;
  }
}
// `Date()` called without `new` answers the time as a string.
globalThis.Date = new Proxy(FixedDate, {
  apply: () => new RealDate(fixed).toString(),
});
