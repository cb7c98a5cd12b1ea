import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, dataDirOwner, DataDirInUseError, LOCK_FILE } from './data-dir-lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-lock-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const writeLock = (content: object) => fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(content));

/** The pid of a process that has just exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid;
}

describe('data folder lock', () => {
  it('takes a free folder, and releases it', () => {
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a folder a live process owns, naming the folder and the process', () => {
    // The parent of this test process is alive for as long as the test runs.
    writeLock({ pid: process.ppid, startTime: null });
    expect(dataDirOwner(dir)).toBe(process.ppid);
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toContain(dir);
    expect((error as Error).message).toContain(String(process.ppid));
  });

  it('takes over a lock whose process is gone (kill -9), or whose pid now names another process', () => {
    writeLock({ pid: deadPid(), startTime: null });
    expect(dataDirOwner(dir)).toBeNull();
    acquireDataDirLock(dir).release();

    if (fs.existsSync('/proc/self/stat')) {
      writeLock({ pid: process.ppid, startTime: 'not-its-start-time' });
      expect(dataDirOwner(dir)).toBeNull();
      acquireDataDirLock(dir).release();
    }

    fs.writeFileSync(path.join(dir, LOCK_FILE), 'garbage');
    acquireDataDirLock(dir).release();
  });
});
