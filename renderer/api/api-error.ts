/** An API call answered with an error envelope: `code` is the spec's code, `status` the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    message: string,
    readonly data: unknown,
    /** The message is the server's own (its envelope's), not one made up for an answer without a body. */
    readonly serverSaid = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A 404, or a 410 (gone: a product removed from the shelf): the page shows as not found. */
export const isNotFoundError = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);
