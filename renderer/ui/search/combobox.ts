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

/** What a combobox's listbox is now, and how its owner changes it. */
export interface ListboxKeyState {
  /** How many options the listbox holds. */
  count: number;
  open: boolean;
  /** The active option's index, -1 for none. */
  active: number;
  setActive: (next: (index: number) => number) => void;
  setDismissed: (dismissed: boolean) => void;
  /** Takes the option at `index` (Enter on an active option). */
  choose: (index: number) => void;
}

/**
 * The WAI-ARIA combobox keys of a listbox (arrows move and wrap, Enter takes the active option, Escape
 * closes); true when the key was handled. Enter without an active option is left to the form.
 */
export function listboxKey(key: string, list: ListboxKeyState): boolean {
  const { count, open, active } = list;
  switch (key) {
    case 'ArrowDown':
      if (!count) return false;
      list.setDismissed(false);
      list.setActive((i) => (open ? (i + 1) % count : 0));
      return true;
    case 'ArrowUp':
      if (!count) return false;
      list.setDismissed(false);
      list.setActive((i) => (open && i > 0 ? i - 1 : count - 1));
      return true;
    case 'Enter':
      if (!open || active < 0) return false;
      list.choose(active);
      return true;
    case 'Escape':
      if (!open) return false;
      list.setDismissed(true);
      list.setActive(() => -1);
      return true;
    default:
      return false;
  }
}
