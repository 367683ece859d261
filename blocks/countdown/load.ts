import type { CountdownSettings } from '../../schemas/generated/page';
import type { BlockLoad } from '../types';

export interface CountdownData {
  /** The server's clock at render time: server and browser first draw the same digits from it. */
  now: number;
}

export const loadCountdown: BlockLoad<CountdownSettings, CountdownData> = async ({ now }) => ({ now });
