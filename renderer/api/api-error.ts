/** An API call answered with an error envelope: `code` is the spec's code, `status` the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isNotFoundError = (error: unknown) => error instanceof ApiError && error.status === 404;
