/**
 * Colours for the initial avatars: a background picked from a stable hash of the name, and black or white
 * text chosen by the background's relative luminance (threshold 0.5, docs/product/texts-and-errors.md).
 *
 * A fixed 0.5 threshold alone would put white text on mid-bright colours (luminance
 * 0.2–0.5) with poor contrast, so the palette steers lightness out of that band: every
 * avatar reaches at least WCAG AA contrast (4.5:1) while still obeying the threshold rule.
 */

export interface AvatarColors {
  /** '#rrggbb' */
  background: string;
  color: '#000000' | '#ffffff';
}

/** Background luminance above which text is black (docs/product/texts-and-errors.md). */
export const LUMINANCE_THRESHOLD = 0.5;
/** White text needs background luminance at or below this for a 4.5:1 contrast ratio. */
const MAX_LUMINANCE_FOR_WHITE = 0.18;

/** FNV-1a 32-bit: tiny, stable across runtimes, and spreads similar names apart. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(text)) {
    hash ^= unit;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** HSL (h 0–360, s and l 0–1) to 8-bit RGB. */
export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
}

export function rgbToHex([r, g, b]: readonly [number, number, number]): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function hexToRgb(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  return [
    Number.parseInt(match[1] ?? '', 16),
    Number.parseInt(match[2] ?? '', 16),
    Number.parseInt(match[3] ?? '', 16),
  ];
}

/** WCAG 2 relative luminance of a '#rrggbb' colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const linear = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = linear;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text colour by the luminance rule: black on backgrounds brighter than the threshold, else white. */
export function textColorFor(background: string): AvatarColors['color'] {
  return relativeLuminance(background) > LUMINANCE_THRESHOLD ? '#000000' : '#ffffff';
}

const isReadable = (hex: string): boolean => {
  const luminance = relativeLuminance(hex);
  return luminance <= MAX_LUMINANCE_FOR_WHITE || luminance > LUMINANCE_THRESHOLD;
};

/**
 * Moves lightness in 1 % steps, towards darker and lighter at once, and returns the first
 * colour outside the low-contrast band: the smallest change from the hashed colour.
 */
function readableBackground(hue: number, saturation: number, lightness: number): string {
  for (let step = 0; step <= 100; step++) {
    for (const l of [lightness - step / 100, lightness + step / 100]) {
      if (l < 0 || l > 1) continue;
      const hex = rgbToHex(hslToRgb(hue, saturation, l));
      if (isReadable(hex)) return hex;
    }
  }
  return '#000000';
}

/**
 * Avatar colours for a name. Deterministic: the same name (ignoring surrounding spaces and
 * Unicode form) always gets the same colours, on server and client.
 */
export function avatarColors(name: string): AvatarColors {
  const hash = hashString(name.trim().normalize('NFC'));
  const hue = hash % 360;
  const saturation = 0.55 + ((hash >>> 9) % 21) / 100; // 55–75 %: lively, not neon
  const lightness = 0.38 + ((hash >>> 17) % 13) / 100; // 38–50 %: never pale
  const background = readableBackground(hue, saturation, lightness);
  return { background, color: textColorFor(background) };
}
