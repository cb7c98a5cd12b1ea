import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { FRAGMENT } from '../modules/working-area/requirements/description/shared-description';
import { cookieOf, createTestApp, listen, type SignedUp, type TestApp } from './harness';

/** What a test sees of one editor: its document, and what the connection went through. */
export type TestEditor = {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  authenticated: Promise<void>;
  failed: Promise<string>;
  /** The reason the server gave when it closed this document's connection. */
  closed: Promise<string>;
  /** Types text at the start of the first paragraph, as a keystroke in the browser would. */
  type(text: string): void;
  /**
   * Types text and sends the whole document as one update straight on the socket, as a client that ignores the
   * server's close (or has not received it yet) would.
   */
  push(text: string): void;
  destroy(): void;
};

/**
 * A Hocuspocus provider in Node, as a browser would connect: the session cookie on the upgrade, or an access token
 * in the provider's authentication message. `reconnect: false` so that a refusal stays one.
 */
export function openEditor(
  baseUrl: string,
  requirementId: number | string,
  auth: { cookie?: string; token?: string } = {},
): TestEditor {
  const cookie = auth.cookie;
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: cookie ? { cookie } : {} });
    }
  }
  const socket = new HocuspocusProviderWebsocket({
    url: `${baseUrl.replace(/^http/, 'ws')}/collab`,
    WebSocketPolyfill: CookieWebSocket,
    maxAttempts: 1,
  });
  const doc = new Y.Doc();
  let onAuthenticated!: () => void;
  let onFailed!: (reason: string) => void;
  let onClosed!: (reason: string) => void;
  const authenticated = new Promise<void>((r) => (onAuthenticated = r));
  const failed = new Promise<string>((r) => (onFailed = r));
  const closed = new Promise<string>((r) => (onClosed = r));
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: typeof requirementId === 'number' ? `requirement.${requirementId}` : requirementId,
    document: doc,
    token: auth.token ?? '',
    onAuthenticated: () => onAuthenticated(),
    onAuthenticationFailed: ({ reason }) => onFailed(reason),
    onClose: ({ event }) => onClosed(event.reason),
  });
  provider.attach();
  return {
    doc,
    provider,
    authenticated,
    failed,
    closed,
    type(text) {
      const fragment = doc.getXmlFragment(FRAGMENT);
      let paragraph = fragment.get(0) as Y.XmlElement | undefined;
      if (!paragraph) {
        paragraph = new Y.XmlElement('paragraph');
        fragment.insert(0, [paragraph]);
      }
      let textNode = paragraph.get(0) as Y.XmlText | undefined;
      if (!(textNode instanceof Y.XmlText)) {
        textNode = new Y.XmlText();
        paragraph.insert(0, [textNode]);
      }
      textNode.insert(0, text);
    },
    push(text) {
      this.type(text);
      const update = Y.encodeStateAsUpdate(doc);
      // Hocuspocus's framing: the document's address, then a Yjs sync message of type "update" (0, 2).
      const message = [...varString(provider.effectiveName), 0, 2, ...varUint(update.length), ...update];
      socket.webSocket?.send(new Uint8Array(message));
    },
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

function varUint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push(0x80 | (rest & 0x7f));
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

function varString(text: string): number[] {
  const bytes = new TextEncoder().encode(text);
  return [...varUint(bytes.length), ...bytes];
}

/** Waits until `test` holds, looking every 25 ms, or fails after `ms` (generous: CI machines are busy). */
export async function until<T>(test: () => T | Promise<T>, ms = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A test file's app listening on a real port (`base`), made before its tests; `edit` opens an editor on it as a
 * user (by the session cookie), as nobody, or with an access token. After the tests every editor opened is
 * destroyed and the app closed.
 */
export function useCollaborationApp() {
  const suite = {} as { t: TestApp; base: string };
  const editors: TestEditor[] = [];
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.base = await listen(suite.t.app);
  });
  afterAll(async () => {
    for (const e of editors) e.destroy();
    await suite.t.close();
  });
  const edit = (user: SignedUp | null, requirementId: number | string, token?: string) => {
    const editor = openEditor(suite.base, requirementId, { cookie: user ? cookieOf(user) : undefined, token });
    editors.push(editor);
    return editor;
  };
  return Object.assign(suite, { edit });
}
