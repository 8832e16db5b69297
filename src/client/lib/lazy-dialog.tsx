import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { idle } from './idle.ts';

/** The dialogs' code waiting to be loaded in idle time, one at a time (each import is a task of its own). */
const waiting: Array<() => Promise<unknown>> = [];
let draining = false;

async function drain(): Promise<void> {
  if (draining) return;
  draining = true;
  while (waiting.length > 0) {
    await idle();
    await waiting
      .shift()?.()
      .catch(() => undefined);
  }
  draining = false;
}

/**
 * A dialog whose code (its form, zod schemas and react-hook-form) is not in the page's first load: it is fetched
 * and evaluated in the page's idle moments once the screen has rendered (one dialog at a time), so the first
 * tap opens it at once, as if it had been there all along; a tap before that loads it then. The evaluation is
 * main-thread work on a slow phone's load (docs/performance.md weighs it: a tap soon after the screen shows
 * was chosen over the load's blocking time). Once opened it
 * stays mounted, so it can animate closed and open again at once.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        Loaded = component;
        return component;
      },
      (error: unknown) => {
        // Tried again at the next opening (the network may be back).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  let queued = false;
  return function LazyDialog(props: P) {
    // What it renders is chosen at the first opening and kept: switching would mount the dialog anew.
    const [opened, setOpened] = useState<ComponentType<P> | 'lazy' | null>(null);
    if (props.open && !opened) setOpened(() => Loaded ?? 'lazy');
    useEffect(() => {
      if (queued || Loaded) return;
      queued = true;
      waiting.push(preload);
      void drain();
    }, []);
    if (!opened) return null;
    // Loaded already: rendered at once (a lazy component would still wait a turn for its resolved promise).
    if (opened !== 'lazy') {
      const Dialog = opened;
      return <Dialog {...props} />;
    }
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}
