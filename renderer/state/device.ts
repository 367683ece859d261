// Mobile detection (spec section 4): user-agent patterns, re-evaluated on resize with a 50 ms debounce.
// Layout is CSS's job; this is for the few behaviours that differ (e.g. a filter panel that is a modal
// drawer on phones and a plain sidebar on desktops).
import { useEffect, useState } from 'react';

/** Spec section 9: resize re-detection debounce. */
export const RESIZE_DEBOUNCE_MS = 50;
/** Below this width (the spec's 768 px breakpoint) a desktop browser is laid out like a phone. */
export const MOBILE_MAX_WIDTH = 767;

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Silk|Kindle/i;

export function isMobileAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_AGENT.test(userAgent ?? '');
}

export function isMobileView(userAgent: string, width: number): boolean {
  return isMobileAgent(userAgent) || width <= MOBILE_MAX_WIDTH;
}

/**
 * Whether the visitor is on a phone-like screen: unknown (undefined) on the server and in the first
 * render of hydration (the server draws one page for every device), then the browser's answer, which
 * follows the window.
 */
export function useIsMobile(): boolean | undefined {
  const [mobile, setMobile] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const evaluate = () => setMobile(isMobileView(navigator.userAgent, window.innerWidth));
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(evaluate, RESIZE_DEBOUNCE_MS);
    };
    evaluate();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return mobile;
}
