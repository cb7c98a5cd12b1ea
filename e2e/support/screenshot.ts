import path from 'node:path';
import type { Page } from '@playwright/test';

/** Keeps a full-page picture of a step in e2e/.tmp/screenshots, for a person to look at after the run. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(import.meta.dirname, '..', '.tmp', 'screenshots', `${name}.png`),
    fullPage: true,
  });
}
