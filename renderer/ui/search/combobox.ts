// What the search box and its lazily loaded suggestions tell each other (their own module, so the
// suggestions' chunk does not import the box back).
import type { KeyboardEvent } from 'react';

/** What the suggestions tell the box they stand for: its popup open, and which option is active. */
export interface ComboboxState {
  open: boolean;
  activeId?: string;
}

/** Keys the suggestions handle; true when one was handled (the box then does nothing else with it). */
export type ComboboxKeys = (event: KeyboardEvent<HTMLInputElement>) => boolean;
