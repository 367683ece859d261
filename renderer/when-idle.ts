/** Runs `task` when the browser is idle (at the latest after 2 s), where it can tell; else soon. */
export const whenIdle = (task: () => void): void => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
};

/** Resolves in a task of its own: the browser may draw and answer input before what follows. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs `task` once the browser has painted what the server sent (and its main image). */
export const afterFirstPaint = (task: () => void): void => {
  requestAnimationFrame(() => setTimeout(task, 0));
};

/** The image the page shows first (ResponsiveImage's `priority`): its largest contentful paint. */
const MAIN_IMAGE = 'img[fetchpriority="high"]';

/**
 * Runs `task` once the server's HTML is parsed and painted with its main image (when it has one), at
 * the latest `timeoutMs` after the HTML is parsed: a slow image never keeps the page from working.
 */
export const afterMainPaint = (task: () => void, timeoutMs = 2500): void => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    afterFirstPaint(task);
  };
  const whenParsed = () => {
    const image = document.querySelector<HTMLImageElement>(MAIN_IMAGE);
    if (!image || image.complete) return start();
    image.addEventListener('load', start, { once: true });
    image.addEventListener('error', start, { once: true });
    setTimeout(start, timeoutMs);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed, { once: true });
  else whenParsed();
};
