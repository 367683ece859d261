/** Runs `task` when the browser is idle (at the latest after 2 s), where it can tell; else soon. */
export const whenIdle = (task: () => void): void => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
};

/** Runs `task` once the browser has painted what the server sent (and its main image). */
export const afterFirstPaint = (task: () => void): void => {
  requestAnimationFrame(() => setTimeout(task, 0));
};
