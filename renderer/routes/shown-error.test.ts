import { describe, expect, it } from 'vitest';
import { PageRefusal, pageStatus, shownError } from './shown-error';
import { PageLoadError } from './guard-loader';

describe('what the error page shows of an error', () => {
  it("shows a refusal's words and status, on the server and as the browser gets it back (its message alone)", () => {
    const refusal = new PageRefusal('noSku', 404);
    expect(shownError(refusal)).toEqual({ status: 404, name: 'noSku' });
    expect(shownError(new Error(refusal.message))).toEqual({ status: 404, name: 'noSku' });
  });

  it('shows a fault, or anything else, as a 500 without words of its own', () => {
    for (const error of [
      new PageLoadError('abc-123'),
      new Error('relation "orders" does not exist'),
      new Error("The page's call was refused (noSku, 200)"),
      { errorName: 'noSku', status: 404 },
      undefined,
    ])
      expect(shownError(error)).toEqual({ status: 500 });
  });
});

describe('the status a page is answered with', () => {
  it("is the router's, made exact for a refusal and for /error", () => {
    expect(pageStatus([{ routeId: '__root__', status: 'success' }], 200)).toBe(200);
    expect(pageStatus([{ routeId: '/cart/$handle', status: 'error', error: new PageRefusal('cannotAddToCart', 409) }], 500)).toBe(
      409,
    );
    expect(pageStatus([{ routeId: '/x', status: 'error', error: new Error('boom') }], 500)).toBe(500);
    expect(pageStatus([{ routeId: '/error', status: 'success', loaderData: { status: 503 } }], 200)).toBe(503);
    expect(pageStatus([{ routeId: '/pages/$handle', status: 'notFound' }], 404)).toBe(404);
  });
});
