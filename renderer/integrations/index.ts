// PLACEHOLDER until the vendor adapters land (h-pixels): code -> lazy module.
import type { ConsentState } from '../consent/consent-cookie';
import type { ShopEvent } from '../tracking/shop-events';

export interface Integration<C = unknown> {
  load(config: C, env: { locale: string; currency: string; consent: ConsentState }): void;
  onEvent?(event: ShopEvent, config: C): void;
}

export const integrationModules: Record<string, () => Promise<{ default: Integration }>> = {};
