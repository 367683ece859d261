// What the error page shows of an error, and the status a page is answered with (spec sections 2 and 8:
// the title is the error's message or "Error", errors without status are 500). Only what the shop knows
// to be meant for a shopper becomes the title: a refusal of the API named in the table of error codes,
// in the visitor's language (`errors.<name>`). A fault shows "Error": its own message may hold SQL or
// internal names, and is only logged.
import type { ErrorName } from '../../schemas/generated/error-codes';

export interface ShownError {
  /** The HTTP status shown and answered (400–599). */
  status: number;
  /** The name of the refusal in the table of error codes; none for a fault. */
  name?: ErrorName;
}

/** An error status (4xx or 5xx). */
export const isErrorStatus = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;

/**
 * A refusal of the API that a page's own call met (a product taken off the shelf, a SKU sold out): shown
 * by its name's words and answered with its status. Carries nothing of the server's message. Both are in
 * its message: the router's data hands the browser an error's message alone (`new Error(message)`).
 */
export class PageRefusal extends Error {
  constructor(
    readonly errorName: ErrorName,
    readonly status: number,
  ) {
    super(`The page's call was refused (${errorName}, ${status})`);
    this.name = 'PageRefusal';
  }
}

const REFUSAL = /^The page's call was refused \(([a-zA-Z]+), (\d{3})\)$/;

/** What the error page shows of a route's error (on the server a PageRefusal; in the browser, an Error with its message). */
export function shownError(error: unknown): ShownError {
  const refusal = error instanceof Error ? REFUSAL.exec(error.message) : null;
  const status = Number(refusal?.[2]);
  return refusal && isErrorStatus(status) ? { status, name: refusal[1] as ErrorName } : { status: 500 };
}

interface StatusMatch {
  routeId: string;
  status: string;
  error?: unknown;
  loaderData?: unknown;
}

/**
 * The status a page is answered with: the router's (200, 404, 500), made exact for the error page (`/error`,
 * whose loader says what it shows) and for a route that failed with a refusal.
 */
export function pageStatus(matches: readonly StatusMatch[], routerStatus: number): number {
  for (const match of matches) {
    if (match.status === 'error') return shownError(match.error).status;
    if (match.routeId === '/error' && match.status === 'success') {
      const shown = match.loaderData as ShownError | undefined;
      if (shown && isErrorStatus(shown.status)) return shown.status;
    }
  }
  return routerStatus;
}
