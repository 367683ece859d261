// What the tracking pages (routes/track.tsx) load, shared with their view.
import type { DatedTracking } from '../ui/order/dated';

export interface TrackData {
  /** The number asked for ('' when none was). */
  number: string;
  tracking: DatedTracking | null;
  /** Why nothing is shown: no number typed, or no shipment has it. */
  problem: 'required' | 'notFound' | null;
}
