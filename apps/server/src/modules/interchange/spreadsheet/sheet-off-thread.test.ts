import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { UnreadableSheet } from './sheet-read';
import { SheetReadingThread } from './sheet-off-thread';

/** An .xlsx of a header and `rows` requirement rows. */
async function xlsx(rows: number): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Requirements');
  sheet.addRow(['id', 'name', 'description']);
  for (let i = 1; i <= rows; i++) sheet.addRow([String(i), `Requirement ${i}`, `The pump shall start, case ${i}.`]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

let thread: SheetReadingThread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

describe('the sheet reading thread', () => {
  it('reads sheets one after another, .xlsx and .csv, as readSheet does', async () => {
    thread = new SheetReadingThread({ heapMb: 512, timeoutMs: 60_000 });
    const csv = new TextEncoder().encode('\uFEFFid;name\n7;"Brake, then stop"\n');
    const [a, b] = await Promise.all([thread.read(await xlsx(3)), thread.read(csv)]);
    expect(a).toMatchObject({ format: 'xlsx', header: ['id', 'name', 'description'] });
    expect(a.rows.map((r) => r.cells[1])).toEqual(['Requirement 1', 'Requirement 2', 'Requirement 3']);
    expect(b).toEqual({ format: 'csv', header: ['id', 'name'], rows: [{ row: 2, cells: ['7', 'Brake, then stop'] }] });
  });

  it("keeps the reader's refusal and its key: a non-sheet is unreadable", async () => {
    thread = new SheetReadingThread({ heapMb: 512, timeoutMs: 60_000 });
    // Not UTF-8 text, not a zip: neither a .csv nor an .xlsx.
    const refused = thread.read(new Uint8Array([0x69, 0x64, 0xff, 0xfe, 0x00]));
    await expect(refused).rejects.toBeInstanceOf(UnreadableSheet);
    await expect(refused).rejects.toMatchObject({ key: 'validation.sheet' });
  });

  it('answers a sheet that outlasts its time as too large, and reads the next one on a new thread', async () => {
    thread = new SheetReadingThread({ heapMb: 2048, timeoutMs: 500 });
    const [big, small] = [await xlsx(20_000), await xlsx(1)];
    const slow = thread.read(big);
    const next = thread.read(small);
    await expect(slow).rejects.toMatchObject({ key: 'validation.sheet_too_large' });
    expect((await next).rows).toHaveLength(1);
  }, 120_000);
});
