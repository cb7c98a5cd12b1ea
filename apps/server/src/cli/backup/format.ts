import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { SchemaVersion } from './catalog';

// The backup file (docs/architecture.md, "Backup and restore"): gzip of JSON lines.
//   line 1      the header: format, version, schema version, source, time, and every table with its columns and
//               row count, and the sequences' values
//   then        the rows of each table, in the header's order, one JSON object a line (column → value as
//               PostgreSQL's to_json writes it: bytea as "\x…" hex, timestamps in ISO 8601, jsonb as JSON)
//   last line   the trailer: the SHA-256 of every byte before it, so that damage inside the gzip stream is found too
// The row counts tell where a table ends, so a row needs no table name.

export const BACKUP_FORMAT = 'reqloom-backup';
export const BACKUP_FORMAT_VERSION = 1;

export type BackupTable = { name: string; columns: string[]; rows: number };
export type BackupSequence = { table: string; column: string; value: number; isCalled: boolean };

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  schema: SchemaVersion;
  createdAt: string;
  source: 'pglite' | 'postgres';
  tables: BackupTable[];
  sequences: BackupSequence[];
};

export type BackupTrailer = { end: typeof BACKUP_FORMAT; rows: number; sha256: string };

/** A file that cannot be restored as it is: the message says why, for the person at the shell. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/** What `restore` refuses to do (a database that is not empty, a backup of another schema). */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export function newHash(): Hash {
  return createHash('sha256');
}

/**
 * The lines of a backup file, with the raw bytes of each, read as the file streams (a line is a row: one row, an
 * image of 2 MB in hex, is the most held at once). gzip errors (not gzip, truncated, corrupt) become BackupFileError.
 */
export async function* backupLines(file: string): AsyncGenerator<Buffer> {
  let input: fs.ReadStream;
  try {
    const stat = await fs.promises.stat(file);
    if (stat.size === 0) throw new BackupFileError(`${file} is empty, not a Reqloom backup.`);
    input = fs.createReadStream(file);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const gunzip = zlib.createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending: Buffer[] = [];
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, start)) {
        pending.push(chunk.subarray(start, at));
        yield pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        pending = [];
        start = at + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR')
      throw new BackupFileError(`${file} is not a Reqloom backup, or it is damaged (${(error as Error).message}).`);
    if (code === 'Z_BUF_ERROR' || /unexpected end/i.test((error as Error).message))
      throw new BackupFileError(`${file} is truncated: it ends before the end of the backup.`);
    throw new BackupFileError(`Cannot read ${file}: ${(error as Error).message}`);
  } finally {
    input.destroy();
  }
  if (pending.length > 0) yield Buffer.concat(pending);
}

export function parseHeader(file: string, line: Buffer | undefined): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line ? (JSON.parse(line.toString('utf8')) as Partial<BackupHeader>) : undefined;
  } catch {
    header = undefined;
  }
  if (!header || header.format !== BACKUP_FORMAT)
    throw new BackupFileError(`${file} is not a Reqloom backup (its first line is not a backup header).`);
  if (header.version !== BACKUP_FORMAT_VERSION)
    throw new BackupFileError(
      `${file} is a backup of format ${String(header.version)}; this Reqloom reads format ${BACKUP_FORMAT_VERSION}.`,
    );
  if (!Array.isArray(header.tables) || !Array.isArray(header.sequences) || !header.schema)
    throw new BackupFileError(`${file} has a damaged header.`);
  return header as BackupHeader;
}

export function parseTrailer(line: Buffer | undefined): BackupTrailer | null {
  if (!line) return null;
  try {
    const trailer = JSON.parse(line.toString('utf8')) as Partial<BackupTrailer>;
    return trailer.end === BACKUP_FORMAT && typeof trailer.sha256 === 'string' ? (trailer as BackupTrailer) : null;
  } catch {
    return null;
  }
}
