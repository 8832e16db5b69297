/**
 * Reads named entries of a zip file on disk (the export with photos, decision 0016) one at a time, so a file
 * of hundreds of MB is never held in memory: the central directory at the end names every entry, where its
 * data starts and how big it is; an entry is read, inflated when deflated, and checked against its CRC-32.
 * Only what our own export writes is read: stored or deflated entries, no zip64, no encryption. Nothing is
 * written to disk, so names like `../x` cannot reach anywhere.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

export class ZipReadError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ZipReadError';
  }
}

type Entry = { method: number; crc: number; compressedSize: number; size: number; localOffset: number };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const TAIL_BYTES = 22 + 0xffff;
const MAX_ENTRIES = 50_000;

export type ZipReader = {
  names: () => string[];
  has: (name: string) => boolean;
  /** The entry's size once inflated (as its directory says), or undefined when there is none. */
  size: (name: string) => number | undefined;
  /** The entry's bytes; refuses one bigger than `maxBytes` before reading it. */
  read: (name: string, maxBytes: number) => Buffer;
  close: () => void;
};

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(fd, buffer, 0, length, position);
  if (read !== length) throw new ZipReadError('the file ends too early');
  return buffer;
}

/** Whether the file starts like a zip (a local file header), by its first bytes. */
export function looksLikeZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

export function openZip(file: string): ZipReader {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail = readAt(fd, tailStart, size - tailStart);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipReadError('no end of central directory');
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipReadError('zip64 is not read');
    if (count > MAX_ENTRIES || directoryOffset + directorySize > size)
      throw new ZipReadError('bad directory');
    const directory = readAt(fd, directoryOffset, directorySize);
    const entries = new Map<string, Entry>();
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
        throw new ZipReadError('bad directory entry');
      }
      const flags = directory.readUInt16LE(at + 8);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      if (flags & 1) throw new ZipReadError(`${name} is encrypted`);
      entries.set(name, {
        method: directory.readUInt16LE(at + 10),
        crc: directory.readUInt32LE(at + 16),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        localOffset: directory.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return {
      names: () => [...entries.keys()],
      has: (name) => entries.has(name),
      size: (name) => entries.get(name)?.size,
      read(name, maxBytes) {
        const entry = entries.get(name);
        if (!entry) throw new ZipReadError(`${name} is missing`);
        if (entry.size > maxBytes || entry.compressedSize > maxBytes)
          throw new ZipReadError(`${name} is too big`);
        const local = readAt(fd, entry.localOffset, 30);
        if (local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipReadError(`${name}: bad local header`);
        const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
        if (start + entry.compressedSize > size) throw new ZipReadError(`${name} ends after the file`);
        const raw = readAt(fd, start, entry.compressedSize);
        let data: Buffer;
        if (entry.method === 0) data = raw;
        else if (entry.method === 8) {
          try {
            data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, maxBytes) });
          } catch {
            throw new ZipReadError(`${name} cannot be inflated`);
          }
        } else throw new ZipReadError(`${name}: compression method ${entry.method} is not read`);
        if (data.length !== entry.size || zlib.crc32(data) >>> 0 !== entry.crc) {
          throw new ZipReadError(`${name} is damaged`);
        }
        return data;
      },
      close: () => fs.closeSync(fd),
    };
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}
