// The shop's API client for components that do not otherwise need the router: the layout provides the
// router's client, the islands entry (pages hydrated block by block) one of its own.
import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client';

export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() outside the shop layout or an island.');
  return api;
}
