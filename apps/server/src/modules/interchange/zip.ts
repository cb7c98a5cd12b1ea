import { inflateRawSync } from 'node:zlib';

/** Why an archive cannot be read; the route answers 422 on `file`. */
export class ArchiveError extends Error {}

/** What a 20 MB upload may unpack to: a real .docx or .reqifz is a few times its size, a zip bomb thousands. */
const MAX_TOTAL_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 20_000;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;

export function isZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

type Entry = { name: string; method: number; flags: number; size: number; declaredSize: number; offset: number };

/** Little-endian reads that refuse to go past the file (a DataView throws a RangeError there). */
class Reader {
  private readonly view: DataView;
  constructor(readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  u16 = (at: number) => this.view.getUint16(at, true);
  u32 = (at: number) => this.view.getUint32(at, true);
  u64(at: number): number {
    const value = this.view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ArchiveError('A size or offset out of range');
    return Number(value);
  }
}

function endOfCentralDirectory(r: Reader): { count: number; offset: number } {
  const data = r.data;
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (r.u32(at) !== END_OF_CENTRAL_DIRECTORY) continue;
    const count = r.u16(at + 10);
    const offset = r.u32(at + 16);
    if ((count === 0xffff || offset === 0xffffffff) && at >= 20 && r.u32(at - 20) === ZIP64_END_LOCATOR) {
      const zip64 = r.u64(at - 20 + 8);
      if (r.u32(zip64) !== ZIP64_END) throw new ArchiveError('A broken zip64 directory');
      return { count: r.u64(zip64 + 32), offset: r.u64(zip64 + 48) };
    }
    return { count, offset };
  }
  throw new ArchiveError('No end of central directory');
}

/** The entries the central directory lists, with their sizes (zip64 extra fields read where the 32 bits overflow). */
function* centralDirectory(r: Reader): Generator<Entry> {
  const { count, offset } = endOfCentralDirectory(r);
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (r.u32(at) !== CENTRAL_HEADER) throw new ArchiveError('A broken central directory');
    const flags = r.u16(at + 8);
    const method = r.u16(at + 10);
    let size = r.u32(at + 20);
    let declaredSize = r.u32(at + 24);
    const nameLength = r.u16(at + 28);
    const extraLength = r.u16(at + 30);
    const commentLength = r.u16(at + 32);
    let localOffset = r.u32(at + 42);
    const nameStart = at + 46;
    if (nameStart + nameLength + extraLength > r.data.length) throw new ArchiveError('A broken central directory');
    const nameBytes = r.data.subarray(nameStart, nameStart + nameLength);
    // Bit 11: the name is UTF-8; otherwise it is read byte for byte, as fflate did.
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(nameBytes);
    for (let e = nameStart + nameLength; e + 4 <= nameStart + nameLength + extraLength;) {
      const id = r.u16(e);
      const length = r.u16(e + 2);
      if (id === 0x0001) {
        // Only the fields whose 32-bit value overflowed are there, in this order.
        let field = e + 4;
        if (declaredSize === 0xffffffff) {
          declaredSize = r.u64(field);
          field += 8;
        }
        if (size === 0xffffffff) {
          size = r.u64(field);
          field += 8;
        }
        if (localOffset === 0xffffffff) localOffset = r.u64(field);
      }
      e += 4 + length;
    }
    yield { name, method, flags, size, declaredSize, offset: localOffset };
    at = nameStart + nameLength + extraLength + commentLength;
  }
}

/**
 * The bytes of an entry, exactly as many as it declares. The inflater stops one byte past the declared size, so an
 * entry that lies about its size (a zip bomb declaring 10 bytes over 20 GB of zeros) costs that many bytes of work,
 * not what it would inflate to.
 */
function contentOf(r: Reader, entry: Entry): Uint8Array {
  if (entry.flags & 0x1) throw new ArchiveError(`${entry.name} is encrypted`);
  if (r.u32(entry.offset) !== LOCAL_HEADER) throw new ArchiveError(`A broken local header for ${entry.name}`);
  const start = entry.offset + 30 + r.u16(entry.offset + 26) + r.u16(entry.offset + 28);
  if (start + entry.size > r.data.length) throw new ArchiveError(`${entry.name} goes past the end of the archive`);
  const raw = r.data.subarray(start, start + entry.size);
  let content: Uint8Array;
  if (entry.method === 0) content = raw;
  else if (entry.method === 8) {
    try {
      content = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.declaredSize) });
    } catch (error) {
      throw new ArchiveError(`${entry.name} cannot be inflated: ${(error as Error).message}`);
    }
  } else throw new ArchiveError(`${entry.name}: unknown compression method ${entry.method}`);
  if (content.length !== entry.declaredSize) throw new ArchiveError(`${entry.name} is not the size it declares`);
  return content;
}

/**
 * The entries of a zip archive, by path. Only the declared sizes are trusted to count against the limits, and every
 * entry is then held to its declared size (above), so the limits bound what an archive takes, whatever it claims;
 * entries that share their data (overlapping files) count once each.
 */
export function readZip(data: Uint8Array, wanted: (name: string) => boolean = () => true): Map<string, Uint8Array> {
  if (!isZip(data)) throw new ArchiveError('Not a zip archive');
  const r = new Reader(data);
  const kept: Entry[] = [];
  let total = 0;
  let entries = 0;
  try {
    for (const entry of centralDirectory(r)) {
      entries += 1;
      if (entries > MAX_ENTRIES) throw new ArchiveError('The archive holds more entries than an import may');
      if (!wanted(entry.name) || entry.name.endsWith('/')) continue;
      total += entry.declaredSize;
      if (total > MAX_TOTAL_BYTES) throw new ArchiveError('The archive unpacks to more than an import may hold');
      kept.push(entry);
    }
    // Copied out of the upload, as fflate's entries were: a view would carry the whole upload wherever it is sent.
    return new Map(kept.map((entry) => [entry.name, new Uint8Array(contentOf(r, entry))]));
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    // A RangeError of the reader: an offset or a length that points outside the file.
    throw new ArchiveError(`A broken archive: ${(error as Error).message}`);
  }
}

/** UTF-8 text of an entry (a byte-order mark dropped). */
export function utf8(data: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(data).replace(/^\ufeff/, '');
}
