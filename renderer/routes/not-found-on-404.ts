import { notFound } from '@tanstack/react-router';
import { isHandle } from '../../schemas/handle';
import { isNotFoundError } from '../api/api-error';

/** A handle that cannot name a product, collection or page is the 404 page, without asking the API. */
export function requireHandles(...handles: string[]): void {
  if (!handles.every(isHandle)) throw notFound();
}

/** Awaits an API call; its 404 (unknown or removed product, unknown collection) becomes the 404 page. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
}
