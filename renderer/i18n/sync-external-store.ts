// What react-i18next imports as `use-sync-external-store/shim` in the browser build (vite.config.ts points
// it here): the shim exists for React before 18 and ships its own fallback; React 19 has the hook.
export { useSyncExternalStore } from 'react';
