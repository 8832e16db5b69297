/**
 * What a file is and how big its picture is, read from its first bytes only (decision 0016). The phone reads
 * them before it decodes anything, and the server before it hands the file to sharp: a file's name and its
 * content-type are not trusted, and a picture's size is known without decoding it, so a decompression bomb (a
 * 20,000 × 20,000 PNG of a few kB) is refused before it can take the memory of a phone's tab or the server.
 */

/** The kinds told apart; only 'jpeg', 'png' and 'webp' are photos the shop takes. */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif' | 'gif' | 'svg' | 'other';

export const PHOTO_KINDS: ReadonlySet<ImageKind> = new Set(['jpeg', 'png', 'webp']);

/** How many first bytes the readers below want: a JPEG's size follows its metadata (EXIF ≤ 64 kB, ICC). */
export const IMAGE_HEADER_BYTES = 256 * 1024;

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The brands of an ISO media file's `ftyp` box (HEIC and AVIF), or null when it has none. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const size = Math.min(u32be(bytes, 0), bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let i = 16; i + 4 <= size; i += 4) brands.push(ascii(bytes, i, 4));
  return brands;
}

/** Text that starts (after a byte-order mark and blanks) with markup and names an <svg> element. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return /^\uFEFF?\s*</.test(text) && /<svg[\s>]/i.test(text);
}

/** The kind of image the bytes begin, by their signature alone. */
export function sniffImageKind(bytes: Uint8Array): ImageKind {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  const brands = ftypBrands(bytes);
  if (brands) {
    // AVIF files often name mif1 too; an avif brand decides.
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heic';
    return 'other';
  }
  if (looksLikeSvg(bytes)) return 'svg';
  return 'other';
}

export type ImageSize = { width: number; height: number };

/** A JPEG's size from its frame header (SOFn), walking the segments before it; null when not in `bytes`. */
function jpegSize(bytes: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] ?? 0;
    // Fill bytes, and markers that stand alone (TEM, RSTn).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // Start of scan or end of image before any frame: no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(bytes, i + 5), width: u16be(bytes, i + 7) };
    i += 2 + u16be(bytes, i + 2);
  }
  return null;
}

function webpSize(bytes: Uint8Array): ImageSize | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits =
      (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  return null;
}

/**
 * The picture's width and height as its header states them (before any EXIF rotation), or null when the
 * header is not among the first bytes or the kind is not a photo's. Nothing is decoded.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const kind = sniffImageKind(bytes);
  let size: ImageSize | null = null;
  if (kind === 'jpeg') size = jpegSize(bytes);
  else if (kind === 'png' && ascii(bytes, 12, 4) === 'IHDR') {
    size = { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  } else if (kind === 'webp') size = webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
