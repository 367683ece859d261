// A call the server's renderer makes straight to the shop's code instead of through its HTTP API: it
// fails as the API client would, with an ApiError of the same code and status (a missing page is a 404
// the loader turns into the not-found page), so a loader cannot tell the two ways apart.
import { ApiError } from '../../renderer/api/api-error';
import { errorStatus } from '../../schemas/generated/error-codes';
import { codes, ShopError } from '../commerce/errors';

export async function asApiCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ShopError) throw new ApiError(error.code, errorStatus[error.error], error.message, error.data);
    // A fault of the shop: the API would answer 500 without its message; the loader reports it as one.
    throw Object.assign(new ApiError(codes.internal, 500, 'An error occurred. Please try again later.', null), { cause: error });
  }
}
