import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProjectPresented, ProjectRole } from '@reqloom/domain';
import { initI18n } from '../i18n/i18n';
import { ProjectContext } from '../features/projects/ProjectContext';

// Components in a page for unit tests (files marked `// @vitest-environment happy-dom`): the app's providers
// around them, a fetch that records each call and answers with `respond`, and the gestures a person makes.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

export interface SentCall {
  method: string;
  url: string;
  body: unknown;
}

export interface Page {
  /** Every call made, the CSRF cookie's excepted. */
  sent: SentCall[];
  queryClient: QueryClient;
  render: (node: ReactNode) => void;
  close: () => void;
}

let i18nReady: Promise<void> | null = null;

/** An upload's form as its fields in the order sent, a file by its name: `[['project_id', '7'], ['file', 'a.reqif']]`. */
function formFields(body: RequestInit['body']): [string, string][] | undefined {
  if (!(body instanceof FormData)) return undefined;
  return [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
}

/** Mounts a page for one test; `close` unmounts it and puts fetch back. */
export async function openPage(
  respond: (call: SentCall) => Response | Promise<Response>,
  projectId = 7,
  /** The caller's role in the project (`my_role`), which decides the controls shown (decisions §20). */
  role: ProjectRole = 'maintainer',
): Promise<Page> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await (i18nReady ??= initI18n());
  // happy-dom has no font loading; Mantine's growing text areas listen to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  const sent: SentCall[] = [];
  document.cookie = 'XSRF-TOKEN=token';
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : formFields(init.body),
      };
      sent.push(call);
      return Promise.resolve(respond(call));
    }),
  );
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root: Root = createRoot(host);
  const queryClient = new QueryClient();
  const project = { id: projectId, my_role: role } as ProjectPresented;
  return {
    sent,
    queryClient,
    render: (node) =>
      act(() =>
        root.render(
          <MantineProvider>
            <QueryClientProvider client={queryClient}>
              <ProjectContext value={{ project, settings: {} as never }}>{node}</ProjectContext>
            </QueryClientProvider>
          </MantineProvider>,
        ),
      ),
    close: () => {
      act(() => root.unmount());
      host.remove();
      vi.unstubAllGlobals();
    },
  };
}

export function answer(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const click = (element: Element) => act(() => (element as HTMLElement).click());

export const press = (element: Element, key: string) =>
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true }));
  });

export const focus = (element: Element) => act(() => (element as HTMLElement).focus());
export const blur = (element: Element) => act(() => (element as HTMLElement).blur());

/** Types into a controlled field as React hears it (its value setter, then an input event). */
export const type = (field: HTMLInputElement | HTMLTextAreaElement, text: string) =>
  act(() => {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });

/** Lets the calls and their answers settle (and, given time, the transitions end). */
export const settle = (ms = 20) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** A press of the mouse elsewhere in the page, as Mantine's click-outside listens for it. */
export const clickOutside = async () => {
  act(() => {
    document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    document.body.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  });
  await settle();
};
