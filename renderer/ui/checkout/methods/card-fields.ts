// The methods whose card is typed in the checkout's own card fields: the test card's, and AsiaBill's
// hosted fields (the card goes to AsiaBill's endpoint, never to the order calls). Other card methods
// (Stripe) take the card on the provider's page.
import type { PaymentMethod } from '../../../../schemas/generated/api';

const CARD_FIELD_PROVIDERS = new Set(['test-card', 'asiabill']);

export const hasCardFields = (method: PaymentMethod | undefined): boolean =>
  method !== undefined && CARD_FIELD_PROVIDERS.has(method.provider);
