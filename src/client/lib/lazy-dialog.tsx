import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code (its form, zod schemas and react-hook-form) loads the first time it opens instead of
 * with the page, and then stays mounted so it can animate closed and open again at once.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}
