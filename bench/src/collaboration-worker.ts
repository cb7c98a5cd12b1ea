import { parentPort, workerData } from 'node:worker_threads';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

// The simulated editors of the collaboration bench, in a thread of their own so that the server's event loop is
// not theirs: each is a Hocuspocus provider over `ws` with its user's session cookie, as a browser would connect.

export type EditorsTask = {
  /** One per editor: the instance it connects to and its cookie. */
  editors: { base: string; cookie: string }[];
  documentName: string;
  keystrokesPerSecond: number;
  seconds: number;
};

export type EditorsReport = {
  keystrokes: number;
  /** Per keystroke: ms until every other editor had it (those that never got it are counted in `lost`). */
  allOthers: number[];
  /** Per delivery (keystroke × receiving editor): ms from the keystroke to its arrival. */
  deliveries: number[];
  lost: number;
};

const task = workerData as EditorsTask;
const FRAGMENT = 'default';

function connect(editor: EditorsTask['editors'][number]) {
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie: editor.cookie } });
    }
  }
  const socket = new HocuspocusProviderWebsocket({
    url: `${editor.base.replace(/^http/, 'ws')}/collab`,
    WebSocketPolyfill: CookieWebSocket,
  });
  const doc = new Y.Doc();
  const synced = new Promise<void>((resolve, reject) => {
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: task.documentName,
      document: doc,
      token: '',
      onSynced: ({ state }) => state && resolve(),
      onAuthenticationFailed: ({ reason }) => reject(new Error(`refused: ${reason}`)),
    });
    provider.attach();
    handles.push({ provider, socket });
  });
  return { doc, synced };
}

const handles: { provider: HocuspocusProvider; socket: HocuspocusProviderWebsocket }[] = [];
const sent = new Map<string, number>();
const received = new Map<string, number[]>();

const editors = task.editors.map((editor, index) => {
  const { doc, synced } = connect(editor);
  // A keystroke writes one character into the description and names itself in the same transaction.
  const marks = doc.getMap<number>('bench');
  marks.observe((event) => {
    if (event.transaction.local) return;
    const now = performance.now();
    for (const key of event.keysChanged as Set<string>) {
      const times = received.get(key) ?? [];
      times.push(now);
      received.set(key, times);
    }
  });
  return {
    doc,
    synced,
    type(n: number) {
      const key = `${index}.${n}`;
      doc.transact(() => {
        const fragment = doc.getXmlFragment(FRAGMENT);
        let paragraph = fragment.get(0) as Y.XmlElement | undefined;
        if (!paragraph) {
          paragraph = new Y.XmlElement('paragraph');
          fragment.insert(0, [paragraph]);
        }
        let text = paragraph.get(0) as Y.XmlText | undefined;
        if (!(text instanceof Y.XmlText)) {
          text = new Y.XmlText();
          paragraph.insert(0, [text]);
        }
        text.insert(0, String.fromCharCode(97 + (n % 26)));
        marks.set(key, n);
      });
      sent.set(key, performance.now());
    },
  };
});

async function run(): Promise<EditorsReport> {
  await Promise.all(editors.map((e) => e.synced));
  // Typing starts once everyone is in; each editor keeps its own pace, offset so that they do not beat together.
  const interval = 1000 / task.keystrokesPerSecond;
  const end = performance.now() + task.seconds * 1000;
  await Promise.all(
    editors.map(async (editor, index) => {
      await new Promise((r) => setTimeout(r, (interval * index) / editors.length));
      for (let n = 0; performance.now() < end; n++) {
        editor.type(n);
        await new Promise((r) => setTimeout(r, interval));
      }
    }),
  );
  // What is still on its way gets 5 s to arrive.
  const others = editors.length - 1;
  const settle = performance.now() + 5000;
  while (performance.now() < settle && [...sent.keys()].some((k) => (received.get(k)?.length ?? 0) < others)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const allOthers: number[] = [];
  const deliveries: number[] = [];
  let lost = 0;
  for (const [key, at] of sent) {
    const times = received.get(key) ?? [];
    for (const t of times) deliveries.push(t - at);
    if (times.length < others) lost += others - times.length;
    else allOthers.push(Math.max(...times) - at);
  }
  for (const { provider, socket } of handles) {
    provider.destroy();
    socket.destroy();
  }
  return { keystrokes: sent.size, allOthers, deliveries, lost };
}

run().then(
  (report) => parentPort!.postMessage({ type: 'report', report }),
  (error: unknown) => parentPort!.postMessage({ type: 'error', message: String(error) }),
);
