// Server-side purchase events (issue 27), composed for the API and the sender job: the order's log, the
// merchant's list, bringing an order's events forward, and sending what is due through the provider.
import type { AppConfig } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { SERVER_EVENT_PLATFORMS } from './platforms';
import type { Reference } from '../reference';
import { findOrder } from '../orders/read-order';
import type { ServerEventStatus } from '../../db/purchase-events-schema';
import { expediteServerEvents, listServerEvents, orderEventLog } from './event-log';
import type { ConversionsProvider } from './provider';
import { sendDueEvents, type SendDeps } from './send-due';

export interface PurchaseEventDeps {
  reference: Pick<Reference, 'appSettings'>;
  provider: ConversionsProvider;
  log?: (message: string, error?: unknown) => void;
}

export function createPurchaseEvents(db: Db, deps: PurchaseEventDeps) {
  /** The platforms' apps that are ON, with their secrets (the Conversions API token): the server's own read. */
  const apps = async (): Promise<AppConfig[]> => {
    const found = await Promise.all(
      SERVER_EVENT_PLATFORMS.map(async (code) => {
        const config = await deps.reference.appSettings(code);
        return config ? ({ code, status: 'ON', config } as unknown as AppConfig) : undefined;
      }),
    );
    return found.filter((app): app is AppConfig => app !== undefined);
  };
  return {
    /** getOrderFbEventLog: the order's event id, the browser's records and the server events' states. */
    log: async (orderToken: string) => orderEventLog(db, await findOrder(db, orderToken)),
    /** sendFbPurchaseEvent: the order's pending server events made due now (the sender sends them). */
    expedite: async (orderToken: string, now = new Date()) => expediteServerEvents(db, (await findOrder(db, orderToken)).id, now),
    /** The merchant's list of the latest server events. */
    list: (query: { status?: ServerEventStatus; limit: number }) => listServerEvents(db, query),
    /** The sender: claims and sends what is due (the job runs it; tests too, with their own runners). */
    sendDue: (options: Omit<SendDeps, 'provider' | 'apps'> & Partial<Pick<SendDeps, 'provider'>> = {}) =>
      sendDueEvents(db, { provider: deps.provider, apps, log: deps.log, ...options }),
  };
}

export type PurchaseEventsService = ReturnType<typeof createPurchaseEvents>;
