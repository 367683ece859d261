import { Suspense, type ReactNode } from 'react';

/**
 * A Suspense boundary whose only job is to cut hydration into pieces: React hydrates each boundary in a
 * task of its own and yields between them, so a long page never blocks the main thread in one go.
 * Nothing here suspends on the server (the data and the code are loaded before rendering).
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
