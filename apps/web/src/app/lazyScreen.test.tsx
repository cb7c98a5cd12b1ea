// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const hosts: HTMLElement[] = [];
afterEach(() => hosts.splice(0).forEach((host) => host.remove()));

function mount(node: React.ReactNode): HTMLElement {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const host = document.createElement('div');
  document.body.appendChild(host);
  hosts.push(host);
  act(() => createRoot(host).render(<Suspense fallback={<p>waiting</p>}>{node}</Suspense>));
  return host;
}

describe('lazyScreen', () => {
  it('renders a preloaded screen at once, without a fallback', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads++;
      return { Hello: () => <p>hello</p> };
    }, 'Hello');
    await Screen.preload();
    await Screen.preload();
    const host = mount(<Screen />);
    expect(host.textContent).toBe('hello');
    expect(loads).toBe(1);
  });

  it('shows the fallback until a screen not yet loaded arrives', async () => {
    let arrive: () => void = () => undefined;
    const Screen = lazyScreen(
      () =>
        new Promise<{ Later: () => React.ReactNode }>((resolve) => {
          arrive = () => resolve({ Later: () => <p>here</p> });
        }),
      'Later',
    );
    const host = mount(<Screen />);
    expect(host.textContent).toBe('waiting');
    await act(async () => {
      arrive();
      await Screen.preload();
    });
    expect(host.textContent).toBe('here');
  });

  it('lets a failed load be asked for again; preload itself never rejects', async () => {
    let attempts = 0;
    const Screen = lazyScreen(async () => {
      if (attempts++ === 0) throw new Error('offline');
      return { Back: () => <p>back</p> };
    }, 'Back');
    await expect(Screen.preload()).resolves.toBeUndefined();
    await Screen.preload();
    expect(attempts).toBe(2);
    expect(mount(<Screen />).textContent).toBe('back');
  });
});
