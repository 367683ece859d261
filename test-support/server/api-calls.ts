// Every call of the API with its declaration and the schemas its route validates with, read from the
// routes (openapi.ts), for tests that go over every call.
import { apiOperations, type Operation } from '../../server/api/openapi';
import { apiRoutes, standInDeps } from '../../server/api/stand-in-deps';

export type ApiCall = Operation;

/** API deps for reading the routes only (no call is made): the providers' own pages are left out. */
export const fakeApiDeps = standInDeps;

export function apiCalls(): ApiCall[] {
  return apiOperations(apiRoutes());
}
