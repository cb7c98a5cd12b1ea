import { afterEach, describe, expect, it } from 'vitest';
import { UnreadableFile } from './import-plan';
import { ReadingThread } from './read-off-thread';

const encode = (text: string) => new TextEncoder().encode(text);

/** A ReqIF file of `objects` requirements in one specification, with `filler` in its header's title. */
function reqif(objects: number, filler = ''): Uint8Array {
  const object = (i: number) =>
    `<SPEC-OBJECT IDENTIFIER="o${i}"><VALUES><ATTRIBUTE-VALUE-STRING THE-VALUE="Requirement ${i}">` +
    '<DEFINITION><ATTRIBUTE-DEFINITION-STRING-REF>name</ATTRIBUTE-DEFINITION-STRING-REF></DEFINITION>' +
    '</ATTRIBUTE-VALUE-STRING></VALUES></SPEC-OBJECT>';
  const node = (i: number) =>
    `<SPEC-HIERARCHY IDENTIFIER="h${i}"><OBJECT><SPEC-OBJECT-REF>o${i}</SPEC-OBJECT-REF></OBJECT></SPEC-HIERARCHY>`;
  const ids = Array.from({ length: objects }, (_, i) => i);
  return encode(
    '<?xml version="1.0" encoding="UTF-8"?><REQ-IF xmlns="http://www.omg.org/spec/ReqIF/20110401/reqif.xsd">' +
      `<THE-HEADER><REQ-IF-HEADER IDENTIFIER="h"><TITLE>Limits${filler}</TITLE></REQ-IF-HEADER></THE-HEADER>` +
      '<CORE-CONTENT><REQ-IF-CONTENT><SPEC-TYPES><SPEC-OBJECT-TYPE IDENTIFIER="t"><SPEC-ATTRIBUTES>' +
      '<ATTRIBUTE-DEFINITION-STRING IDENTIFIER="name" LONG-NAME="ReqIF.Name"/></SPEC-ATTRIBUTES></SPEC-OBJECT-TYPE>' +
      `</SPEC-TYPES><SPEC-OBJECTS>${ids.map(object).join('')}</SPEC-OBJECTS>` +
      `<SPECIFICATIONS><SPECIFICATION IDENTIFIER="s" LONG-NAME="Spec"><CHILDREN>${ids.map(node).join('')}` +
      '</CHILDREN></SPECIFICATION></SPECIFICATIONS></REQ-IF-CONTENT></CORE-CONTENT></REQ-IF>',
  );
}

let thread: ReadingThread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

describe('the reading thread', () => {
  it('reads files one after another', async () => {
    thread = new ReadingThread({ heapMb: 256, timeoutMs: 60_000 });
    const plans = await Promise.all([1, 2, 3].map((n) => thread!.read('reqif', reqif(n), 'a.reqif')));
    expect(plans.map((p) => p.documents[0]!.nodes.length)).toEqual([1, 2, 3]);
  });

  // A 100 kB .reqifz of 25 million empty elements killed the 2 GB thread, and the import was a 500.
  it('answers a file that fills its memory as unreadable, and reads the next file on a new thread', async () => {
    thread = new ReadingThread({ heapMb: 64, timeoutMs: 60_000 });
    const huge = reqif(1, '<x/>'.repeat(2_000_000));
    const refused = thread.read('reqif', huge, 'huge.reqif');
    await expect(refused).rejects.toBeInstanceOf(UnreadableFile);
    await expect(refused).rejects.toThrow(/memory/);
    const plan = await thread.read('reqif', reqif(2), 'next.reqif');
    expect(plan.documents[0]!.nodes).toHaveLength(2);
  });

  it('stops reading a file after its time and answers it as unreadable; the file after it has its own time', async () => {
    thread = new ReadingThread({ heapMb: 2048, timeoutMs: 300 });
    const slow = thread.read('reqif', reqif(40_000), 'slow.reqif');
    const next = thread.read('reqif', reqif(2), 'next.reqif');
    await expect(slow).rejects.toBeInstanceOf(UnreadableFile);
    await expect(slow).rejects.toThrow(/still reading after 300 ms/);
    expect((await next).documents[0]!.nodes).toHaveLength(2);
  });
});
