// The calls of the providers that have their own (spec section 7): PacyPay, Oceanpayment, AsiaBill and
// Payssion, each built on the payment seam (docs/payments.md: providers, simulated and real).
import { Hono } from 'hono';
import { asiabillRoutes } from './asiabill';
import type { ApiDeps } from './deps';
import { oceanpaymentRoutes } from './oceanpayment';
import { pacypayRoutes } from './pacypay';
import { payssionRoutes } from './payssion';

export const providerCallRoutes = (deps: ApiDeps) =>
  new Hono()
    .route('/', pacypayRoutes(deps))
    .route('/', oceanpaymentRoutes(deps))
    .route('/', asiabillRoutes(deps))
    .route('/', payssionRoutes(deps));
