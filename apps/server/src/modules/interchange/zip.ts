import { unzipSync } from 'fflate';

/** Why an archive cannot be read; the route answers 422 on `file`. */
export class ArchiveError extends Error {}

/** What a 20 MB upload may unpack to: a real .docx or .reqifz is a few times its size, a zip bomb thousands. */
const MAX_TOTAL_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 20_000;

export function isZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/**
 * The entries of a zip archive, by path. fflate inflates each entry into a buffer of its declared size and no
 * larger, so checking the declared sizes first bounds the memory an archive can take, whatever it claims.
 */
export function readZip(data: Uint8Array, wanted: (name: string) => boolean = () => true): Map<string, Uint8Array> {
  if (!isZip(data)) throw new ArchiveError('Not a zip archive');
  let total = 0;
  let entries = 0;
  let tooLarge = false;
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(data, {
      filter: (file) => {
        entries += 1;
        if (!wanted(file.name) || file.name.endsWith('/')) return false;
        total += file.originalSize;
        if (total > MAX_TOTAL_BYTES || entries > MAX_ENTRIES) tooLarge = true;
        return !tooLarge;
      },
    });
  } catch (error) {
    throw new ArchiveError(`A broken archive: ${(error as Error).message}`);
  }
  if (tooLarge) throw new ArchiveError('The archive unpacks to more than an import may hold');
  return new Map(Object.entries(unpacked));
}

/** UTF-8 text of an entry (a byte-order mark dropped). */
export function utf8(data: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(data).replace(/^\ufeff/, '');
}
