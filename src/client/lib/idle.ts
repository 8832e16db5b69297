/**
 * Resolves in the browser's next idle moment (at the latest after 2 s), or soon where the browser has no idle
 * callbacks (Safari): for work that may wait until the phone has nothing else to do.
 */
export const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
