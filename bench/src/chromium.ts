import { chromium, type Browser, type Page } from '@playwright/test';

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
