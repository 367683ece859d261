// What the order pages take in their address, checked before any call (the route files load with
// every page, so this stays small).

/** An order or checkout token: anything else names nothing, so no call is made for it. */
export { isToken } from '../../../schemas/token';

/** The longest tracking number the API takes (TrackingQuery). */
export const TRACKING_NUMBER_MAX = 40;

/** The number from `?number=`, without the spaces a shopper may have typed around it. */
export const cleanTrackingNumber = (raw: unknown): string =>
  typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';

/** Whether a number can name a shipment at all (longer ones are "not found" without a call). */
export const isTrackingNumber = (number: string) => number.length > 0 && number.length <= TRACKING_NUMBER_MAX;
