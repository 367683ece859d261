// Payssion's call (spec section 7: POST api/payssion/createTransactionSign, signed): the fields and
// `api_sig` of the Payssion redirect of an order's waiting Payssion payment (the order is placed and paid
// with create-order; its `next` is the same redirect).
import { Hono } from 'hono';
import type { PaymentOrderRequest, ProviderForm } from '../../schemas/generated/api';
import { PAYSSION } from '../payments/simulated/hosted/payssion';
import type { HostedProvider } from '../payments/simulated/hosted/hosted-provider';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { signedPayment } from './payment-signature';
import { waitingPaymentAt } from './provider-payment';
import { valid, validate } from './validate';

/** The signed entry of a waiting payment at a hosted-page provider. */
export async function entryForm(deps: ApiDeps, orderToken: string, id: string): Promise<ProviderForm> {
  const { reference } = await waitingPaymentAt(deps, orderToken, id);
  const provider = deps.payments.provider(id) as HostedProvider;
  const record = await provider.record(reference);
  const form = record && provider.entryOf(record);
  if (!form) throw new Error(`${id} has no entry for ${reference}`);
  return form;
}

export function payssionRoutes(deps: ApiDeps) {
  return new Hono().post(
    '/payssion/createTransactionSign',
    describeRoute({
      summary: "The fields and api_sig of the Payssion redirect of the order's waiting Payssion payment (7007 when none waits)",
      tag: 'Payment',
      response: 'ProviderForm',
      caller: 'anyone',
    }),
    signedPayment(deps.commerce.paymentRequests, deps.origin),
    validate('json', 'PaymentOrderRequest'),
    async (c) => ok<ProviderForm>(c, await entryForm(deps, valid<PaymentOrderRequest>(c, 'json').orderToken, PAYSSION)),
  );
}
