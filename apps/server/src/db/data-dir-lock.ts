import fs from 'node:fs';
import path from 'node:path';

// The embedded database has one owner process (decisions §19). PGlite opens its folder without any lock of
// its own, and two processes writing one folder corrupt it; so the owner holds `DATA_DIR/reqloom.lock`,
// a file naming its pid (and, on Linux, the pid's start time, so that a pid reused after a crash does
// not pass for the old owner). A lock whose process is gone is stale and taken over: kill -9 never blocks
// a restart.

export const LOCK_FILE = 'reqloom.lock';

type LockContent = { pid: number; startTime: string | null };

/** Raised when a live process owns the folder; main prints the message and exits. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Reqloom server (process ${pid}) uses the data folder ${dataDir}. ` +
        'Stop it first, or give this one another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), or null where /proc is absent. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(lock: LockContent): boolean {
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = processStartTime(lock.pid);
  return lock.startTime === null || startTime === null || startTime === lock.startTime;
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, startTime: parsed.startTime ?? null } : null;
  } catch {
    return null;
  }
}

/** The pid of the live process that owns the folder, or null when none does (no lock, or a stale one). */
export function dataDirOwner(dataDir: string): number | null {
  const lock = readLock(path.join(dataDir, LOCK_FILE));
  return lock && lock.pid !== process.pid && isAlive(lock) ? lock.pid : null;
}

export type DataDirLock = { release(): void };

/** Takes the folder for this process, or throws DataDirInUseError naming the folder and the owner. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockContent = { pid: process.pid, startTime: processStartTime(process.pid) };
  // Written whole beside the lock, then linked into place: link fails if the lock exists, atomically, and
  // a reader never sees a half-written lock.
  const draft = `${file}.${process.pid}`;
  fs.writeFileSync(draft, JSON.stringify(mine));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(draft, file);
        return {
          release() {
            if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readLock(file);
      if (holder && isAlive(holder)) throw new DataDirInUseError(dataDir, holder.pid);
      // Stale (its process died without releasing it): remove it and try again.
      fs.rmSync(file, { force: true });
    }
    throw new DataDirInUseError(dataDir, readLock(file)?.pid ?? 0);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
