import { deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ArchiveError, readZip } from './zip';

type RawEntry = { name: string; method: 0 | 8; data: Uint8Array; declaredSize: number };

/**
 * A zip archive written by hand, so that it can lie: each entry declares the uncompressed size it is given, whatever
 * its data holds, and `copies` more central-directory entries point at the first entry's data (overlapping files).
 */
function rawZip(entries: RawEntry[], copies = 0): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const header = (entry: RawEntry, at: number, name: Buffer) => {
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt16LE(entry.method, 10);
    cd.writeUInt32LE(entry.data.length, 20);
    cd.writeUInt32LE(entry.declaredSize, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(at, 42);
    return Buffer.concat([cd, name]);
  };
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, Buffer.from(entry.data));
    central.push(header(entry, offset, name));
    offset += 30 + name.length + entry.data.length;
  }
  for (let i = 0; i < copies; i++) central.push(header(entries[0]!, 0, Buffer.from(`copy${i}.bin`)));
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length + copies, 8);
  end.writeUInt16LE(entries.length + copies, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

describe('readZip', () => {
  it('reads what an archiver wrote, stored and deflated, and leaves out what is not wanted', () => {
    const archive = zipSync({
      'a.reqif': strToU8('<REQ-IF/>'.repeat(100)),
      'images/b.png': [new Uint8Array([1, 2, 3]), { level: 0 }],
      '__MACOSX/a.reqif': strToU8('litter'),
    });
    const entries = readZip(archive, (name) => !name.startsWith('__MACOSX/'));
    expect([...entries.keys()].sort()).toEqual(['a.reqif', 'images/b.png']);
    expect(new TextDecoder().decode(entries.get('a.reqif'))).toBe('<REQ-IF/>'.repeat(100));
    expect([...entries.get('images/b.png')!]).toEqual([1, 2, 3]);
  });

  // A zip bomb that lies: 256 MB of zeros deflate to 256 kB, and the entry declares 10 bytes. The declared size passed
  // the limit, and the inflater ran through all 256 MB (a 20 MB upload: 20 GB, a minute of the reading thread; the
  // same data named by many entries: hours), keeping 10 bytes.
  it('refuses an entry that inflates past the size it declares, without inflating the rest', () => {
    const zeros = deflateRawSync(Buffer.alloc(256 * 1024 * 1024));
    const archive = rawZip([{ name: 'a.reqif', method: 8, data: zeros, declaredSize: 10 }]);
    const started = performance.now();
    expect(() => readZip(archive)).toThrow(ArchiveError);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses a stored entry that holds more than it declares', () => {
    const archive = rawZip([{ name: 'a.reqif', method: 0, data: new Uint8Array(1024), declaredSize: 0 }]);
    expect(() => readZip(archive)).toThrow(ArchiveError);
  });

  it('counts every entry that points at the same data, so overlapping entries cannot multiply it', () => {
    // 300 entries naming one stored megabyte: 300 MB unpacked, over the limit of 256 MB.
    const data = new Uint8Array(1024 * 1024);
    const archive = rawZip([{ name: 'a.bin', method: 0, data, declaredSize: data.length }], 299);
    expect(() => readZip(archive)).toThrow(ArchiveError);
  });

  it('refuses an archive whose directory points outside the file', () => {
    const archive = rawZip([{ name: 'a.reqif', method: 0, data: new Uint8Array(4), declaredSize: 4 }]);
    const broken = archive.slice();
    // The local header's offset, in the central directory, now points past the end.
    new DataView(broken.buffer).setUint32(30 + 7 + 4 + 42, 0x7fffffff, true);
    expect(() => readZip(broken)).toThrow(ArchiveError);
  });
});
