// A page whose code was replaced under it (a deploy) cannot load a view or a block chunk it has not
// loaded yet: it is loaded anew, at most once every 60 s (spec section 9), so a chunk that is really
// missing cannot make the page reload in a loop. The time of the last reload is kept in sessionStorage
// (this tab only). Imported by the entries and the error page: keep it tiny.

/** Spec section 9: the chunk-failure reload throttle. */
export const CHUNK_RELOAD_THROTTLE_MS = 60_000;
const LAST_RELOAD_KEY = 'vitrine:chunk-reload-at';

/** Whether a reload is due at `now`, the last one having been at `lastReloadAt` (null: none in this tab). */
export function chunkReloadDue(now: number, lastReloadAt: number | null, throttleMs = CHUNK_RELOAD_THROTTLE_MS): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A clock set back makes the last reload look in the future: not a reason to wait forever.
  return now - lastReloadAt >= throttleMs || now < lastReloadAt;
}

/** What browsers (and Vite's preload helper) say when a module's file could not be fetched. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/;

export const isChunkLoadError = (error: unknown): boolean => error instanceof Error && CHUNK_FAILURE.test(error.message);

interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: number;
  reload: () => void;
}

/**
 * Reloads the page unless it was reloaded for this less than a minute ago; whether it did. Without
 * storage (blocked) it never reloads: it could not know when it last did. `error`: the failure, whose
 * message the router's lazy views also reload for once per tab; marking it here keeps them to the same limit.
 */
export function reloadAfterChunkFailure(error?: unknown, deps?: ReloadDeps): boolean {
  try {
    const { storage, now, reload } = deps ?? { storage: sessionStorage, now: Date.now(), reload: () => location.reload() };
    const last = storage.getItem(LAST_RELOAD_KEY);
    if (error instanceof Error) storage.setItem(`tanstack_router_reload:${error.message}`, '1');
    if (!chunkReloadDue(now, last === null ? null : Number(last))) return false;
    storage.setItem(LAST_RELOAD_KEY, String(now));
    reload();
    return true;
  } catch {
    return false;
  }
}

/** Vite's event for a chunk (or its stylesheet) that failed to load, and imports no one awaited. */
export function reloadOnChunkFailures(): void {
  window.addEventListener('vite:preloadError', (event) => {
    reloadAfterChunkFailure((event as Event & { payload?: unknown }).payload);
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkFailure(event.reason);
  });
}
