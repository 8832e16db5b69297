import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Heights of elements the page's sticky bars depend on: a page's toolbar, and the app bar they stick below
 * (the grouped lists of the customers' and beads' pages, the todo lists).
 */

/** Height of an element, kept up to date as it changes (0 until it is mounted). */
export function useElementHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(Math.round(element.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

/** Height of the app's sticky top bar (the shell's <header>), so page toolbars can stick right below it. */
export function useAppBarHeight(): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => setHeight(Math.round(header.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}
