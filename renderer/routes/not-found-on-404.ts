import { notFound } from '@tanstack/react-router';
import { isNotFoundError } from '../api/api-error';

/** Awaits an API call; its 404 (unknown or removed product, unknown collection) becomes the 404 page. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
}
