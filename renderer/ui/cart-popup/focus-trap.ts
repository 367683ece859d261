// Keeps Tab inside a modal dialog: past the last control it wraps to the first, and back.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Which control Tab (or Shift+Tab) should move to, or null to let the browser move on its own.
 * `active` is the index of the focused control (-1: the dialog itself or something outside it).
 */
export function wrapFocusIndex(count: number, active: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (active === -1) return backwards ? count - 1 : 0;
  if (backwards && active === 0) return count - 1;
  if (!backwards && active === count - 1) return 0;
  return null;
}

/** Handles Tab inside `container`: call from its keydown. */
export function trapTab(
  event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement,
) {
  if (event.key !== 'Tab') return;
  const controls = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const index = wrapFocusIndex(controls.length, controls.indexOf(document.activeElement as HTMLElement), event.shiftKey);
  if (index === null) return;
  event.preventDefault();
  controls[index]!.focus();
}
