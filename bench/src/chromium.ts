import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_COOKIE } from '@reqloom/server';

const SESSION_STORAGE_KEY = 'reqloom.session.expiresAt'; // apps/web/src/api/session.ts

/** Debian's Chromium, headless, as the e2e suite runs it (no browser is downloaded on these machines). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** Runs `measure` with Debian's Chromium, and closes it whatever happens. */
export async function withChromium<T>(measure: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchChromium();
  try {
    return await measure(browser);
  } finally {
    await browser.close();
  }
}

/**
 * Clicks the link to `href` in a loaded page and waits, in the page, for the frame that holds `selector`: the time a
 * user moving between views waits for, in ms.
 */
export async function fromLink(page: Page, href: string, selector: string): Promise<number> {
  await page.locator(`a[href="${href}"]`).first().waitFor();
  return page.evaluate(
    ([link, wanted]) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        (document.querySelector(`a[href="${link}"]`) as HTMLElement).click();
        const check = () =>
          document.querySelector(wanted) ? resolve(performance.now() - started) : requestAnimationFrame(check);
        check();
      }),
    [href, selector] as const,
  );
}

/**
 * A measure counted in animation frames, with the page in front and a deadline. Twice a run hung for good: the
 * renderer stopped producing frames (low CPU, no requestAnimationFrame callback), and an evaluate waiting for a
 * frame never returned. The bench now fails with a message instead.
 */
export async function inFrames<T>(page: Page, what: string, measure: () => Promise<T>, limitMs = 90_000): Promise<T> {
  await page.bringToFront();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no result after ${limitMs / 1000} s at ${page.url()} (no animation frame?)`)),
      limitMs,
    );
  });
  try {
    return await Promise.race([measure(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Notes in every page of `context`, from the page's own clock, the first frame that holds an element matching
 * `selector`: a mutation observer sees it arrive and the next animation frame (the one that paints it) records the
 * time since navigation start. Measured from the driver instead (wait for the selector, then ask the page for the
 * time), a full load counted the round trips of a busy bench process too: up to some hundreds of milliseconds.
 */
export async function noteFirstFrameWith(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript((wanted) => {
    const state = globalThis as unknown as { __firstFrameWith?: number };
    const observer = new MutationObserver(() => {
      if (!document.querySelector(wanted)) return;
      observer.disconnect();
      requestAnimationFrame((frameStart) => (state.__firstFrameWith = Math.round(frameStart)));
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
}

/** The time noted by `noteFirstFrameWith` in this page, once there is one. */
export async function firstFrameWith(page: Page, limitMs = 120_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => (globalThis as unknown as { __firstFrameWith?: number }).__firstFrameWith,
    undefined,
    { timeout: limitMs, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * A context of the bench user, signed in with `session` and noting the first frame with `firstFrameSelector`. The
 * client keeps the session's expiry beside the cookie (api/session.ts) and goes to login without it; tsx compiles
 * with esbuild's keepNames, which wraps the functions handed to page.evaluate in `__name(...)`.
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  session: { token: string; expiresAt: Date },
  options: { width: number; height: number; firstFrameSelector: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: options.width, height: options.height },
  });
  await context.addCookies([{ name: SESSION_COOKIE, value: session.token, url: base }]);
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  await noteFirstFrameWith(context, options.firstFrameSelector);
  await context.addInitScript(([key, expiry]) => localStorage.setItem(key, expiry), [
    SESSION_STORAGE_KEY,
    String(session.expiresAt.getTime()),
  ] as const);
  return context;
}
