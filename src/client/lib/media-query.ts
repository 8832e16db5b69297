import type { DeviceClass } from '../../shared/first-screen-state.ts';

/**
 * The media queries the app's components ask in code (MUI's `useMediaQuery`: Puden's columns, the todo rows'
 * width, touch or mouse), answered for a device the server can only guess from its user agent: a phone
 * (390 px wide, touch) or a laptop (1280 px, a mouse). The server's first screen is laid out for that guess;
 * the app, once started, answers them from the real screen.
 */
export type Viewport = { width: number; height: number; touch: boolean };

export const PHONE: Viewport = { width: 390, height: 844, touch: true };
export const DESKTOP: Viewport = { width: 1280, height: 800, touch: false };

/** A phone or tablet says "Mobi" (or Android) in its user agent; anything else is taken for a laptop. */
export function deviceOf(userAgent: string | undefined): DeviceClass {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent ?? '') ? 'phone' : 'desktop';
}

export const viewportOf = (device: DeviceClass): Viewport => (device === 'phone' ? PHONE : DESKTOP);

/** One feature, e.g. `(min-width:900px)` or `(pointer: fine)`; unknown features do not match. */
function featureMatches(feature: string, viewport: Viewport): boolean {
  const match = /^\(\s*([a-z-]+)\s*:\s*([^)]+?)\s*\)$/.exec(feature.trim());
  if (!match) return false;
  const [, name, value = ''] = match;
  const px = Number.parseFloat(value);
  switch (name) {
    case 'min-width':
      return viewport.width >= px;
    case 'max-width':
      return viewport.width <= px;
    case 'min-height':
      return viewport.height >= px;
    case 'max-height':
      return viewport.height <= px;
    case 'pointer':
    case 'any-pointer':
      return value === (viewport.touch ? 'coarse' : 'fine');
    case 'hover':
    case 'any-hover':
      return value === (viewport.touch ? 'none' : 'hover');
    default:
      return false;
  }
}

/** A query of features joined by `and`, lists by commas; `@media ` in front is allowed (MUI's breakpoints). */
export function mediaMatches(query: string, viewport: Viewport): boolean {
  return query
    .replace(/^@media\s*/, '')
    .split(',')
    .some((part) =>
      part
        .split(/\s+and\s+/)
        .filter((feature) => feature.trim() !== '' && feature.trim() !== 'screen' && feature.trim() !== 'all')
        .every((feature) => featureMatches(feature, viewport)),
    );
}
