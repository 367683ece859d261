// The page clock: the server's time when the page view was served. Time-dependent blocks (the countdown)
// draw their first render from it, so the server's HTML and the browser's hydration match.
import { createContext, useContext } from 'react';

export const RenderTimeContext = createContext<number>(0);

export function useRenderTime(): number {
  return useContext(RenderTimeContext);
}
