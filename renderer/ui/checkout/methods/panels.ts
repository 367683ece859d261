// A payment method's own fields in the checkout, by the provider that serves it (PaymentMethod.provider):
// the test card's fields are PaymentFields' own; a provider listed here adds its panel (a bank choice,
// the pay-later plan), loaded only when the shopper picks one of its methods. Methods without a panel
// say where the shopper will be taken to pay.
import type { ComponentType } from 'react';
import type { MethodPanelProps } from './method-panel';

export type { MethodExtra, MethodPanelProps } from './method-panel';

type PanelModule = { default: ComponentType<MethodPanelProps> };

export const methodPanels: Record<string, () => Promise<PanelModule>> = {
  'test-pay-later': () => import('./PayLaterPanel'),
  'test-bank': () => import('./BankPanel'),
  airwallex: () => import('./BankPanel'),
};
