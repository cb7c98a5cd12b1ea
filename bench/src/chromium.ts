import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** Debian's Chromium, headless, as the e2e suite runs it (no browser is downloaded on these machines). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
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
