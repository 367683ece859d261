// The seam between the outbox and an ad platform's conversions API (Meta Conversions API, TikTok Events
// API, Snapchat Conversions API). A provider sends one event to the pixels of one platform and says how
// it went; it never retries (the outbox does). The shop runs the local stand-in (local-conversions.ts)
// unless it is given a real provider: no outside network is reached by default.
import type { ServerEventPayload } from '../../db/purchase-events-schema';
import type { Destination, ServerEventPlatform } from './platforms';

export interface ServerEvent {
  platform: ServerEventPlatform;
  /** The purchase's one id: the browser pixel sends the same as its eventID, so the platform counts one. */
  eventId: string;
  destinations: Destination[];
  payload: ServerEventPayload;
}

export interface SendResult {
  ok: boolean;
  /** What the platform answered (kept in the outbox row and shown in the log). */
  response: unknown;
  /** A refusal that sending again cannot change (a bad token, a malformed event): not retried. */
  permanent?: boolean;
}

export interface ConversionsProvider {
  send(event: ServerEvent): Promise<SendResult>;
}
