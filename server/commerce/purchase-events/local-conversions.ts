// The local stand-in of the ad platforms' conversions APIs, used by default and in tests (no outside
// network here). It answers as Meta's Conversions API does (`events_received`, a trace id) and
// deduplicates as the platforms do: an event with the event name and event id of one already received
// for the same pixel within 48 hours is received again but counted once, whether it came from the browser
// pixel or the server. So a send retried after a lost answer cannot count a purchase twice, and the
// stand-in shows it: `deliveries` lists every send, `counted` each purchase once.
import { randomBytes } from 'node:crypto';
import type { ConversionsProvider, SendResult, ServerEvent } from './provider';

/** Meta keeps a browser and a server event with the same name and id apart for 48 hours: one counts. */
export const DEDUP_WINDOW_MS = 48 * 60 * 60_000;
/** The deliveries kept (the oldest dropped first): the shop runs the stand-in for as long as it runs. */
export const KEPT_DELIVERIES = 10_000;

export interface Delivery {
  source: 'server' | 'browser';
  platform: string;
  pixelId: string;
  eventName: string;
  eventId: string;
  at: Date;
  /** False when the platform had the same event already (it answered the same, and did not count it). */
  counted: boolean;
  payload?: ServerEvent['payload'];
}

export interface LocalConversions extends ConversionsProvider {
  /** Every event received, duplicates too, in order. */
  deliveries(): Delivery[];
  /** The events the platform counts (each purchase once per pixel). */
  counted(): Delivery[];
  /** What a browser pixel sent (the e2e stub and tests record the pixel's event here). */
  receiveBrowser(event: { platform: string; pixelId: string; eventName: string; eventId: string }): void;
  /** The next `n` sends fail as an outage would (answered 503, nothing received). */
  failNext(n: number, answer?: { status: number; message: string }): void;
  /** The next `n` sends are received, but their answers are lost on the way back (a timeout). */
  loseAnswers(n: number): void;
}

export function createLocalConversions(options: { clock?: () => Date } = {}): LocalConversions {
  const clock = options.clock ?? (() => new Date());
  const log: Delivery[] = [];
  let failing: { left: number; status: number; message: string } = { left: 0, status: 503, message: '' };
  let losing = 0;

  const receive = (delivery: Omit<Delivery, 'counted'>): Delivery => {
    const seen = log.some(
      (d) =>
        d.counted &&
        d.platform === delivery.platform &&
        d.pixelId === delivery.pixelId &&
        d.eventName === delivery.eventName &&
        d.eventId === delivery.eventId &&
        delivery.at.getTime() - d.at.getTime() < DEDUP_WINDOW_MS,
    );
    const kept = { ...delivery, counted: !seen };
    log.push(kept);
    if (log.length > KEPT_DELIVERIES) log.splice(0, log.length - KEPT_DELIVERIES);
    return kept;
  };

  return {
    async send(event: ServerEvent): Promise<SendResult> {
      if (failing.left > 0) {
        failing.left--;
        return { ok: false, response: { error: { code: failing.status, message: failing.message } } };
      }
      if (!event.destinations.length)
        return {
          ok: false,
          permanent: true,
          response: { error: { code: 400, message: 'No pixel id: the event has nowhere to go.' } },
        };
      const at = clock();
      for (const destination of event.destinations)
        receive({
          source: 'server',
          platform: event.platform,
          pixelId: destination.id,
          eventName: event.payload.eventName,
          eventId: event.eventId,
          at,
          payload: event.payload,
        });
      if (losing > 0) {
        losing--;
        throw new Error('The conversions API did not answer in time (its answer was lost).');
      }
      // Meta's answer: how many events arrived (duplicates included: it deduplicates later, silently).
      return {
        ok: true,
        response: { events_received: event.destinations.length, messages: [], fbtrace_id: randomBytes(8).toString('hex') },
      };
    },
    deliveries: () => [...log],
    counted: () => log.filter((d) => d.counted),
    receiveBrowser: (event) => receive({ ...event, source: 'browser', at: clock() }),
    failNext(n, answer = { status: 503, message: 'Service temporarily unavailable' }) {
      failing = { left: n, ...answer };
    },
    loseAnswers(n) {
      losing = n;
    },
  };
}
