import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The data folder of the server under test (set by playwright.config.ts). */
export function dataDir(): string {
  const dir = process.env.REQLOOM_E2E_DATA_DIR;
  if (!dir) throw new Error('REQLOOM_E2E_DATA_DIR is not set: run the suite through playwright.config.ts');
  return dir;
}

/** Undoes quoted-printable: soft line breaks ("=" at a line end) and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function mailsTo(address: string): string[] {
  const outbox = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(outbox, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs || b.localeCompare(a))
    .map((file) => decodeQuotedPrintable(fs.readFileSync(file, 'utf8')))
    .filter((mail) => mail.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for the newest mail to `address` that holds a link matching `pattern`, and answers that link. */
export async function linkFromNewestMail(address: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        link = mailsTo(address)[0]?.match(pattern)?.[0] ?? '';
        return link;
      },
      { message: `a mail to ${address} with a link like ${pattern}`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}
