// Chromium for the browser tests (Debian's, driven by playwright-core), and signing in to /explore
// the way a person does: the page makes its own key and sends it only in the Authorization header.
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS: readonly string[] = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];

export function launchChromium(flags: readonly string[] = CHROMIUM_FLAGS): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: [...flags] });
}

/** Opens /explore on `url` and signs in through its form; resolves once the page is signed in. */
export async function signInToExplorer(page: Page, url: string, dev: { email: string; password: string }) {
  await page.goto(`${url}/explore`, { waitUntil: 'networkidle' });
  await page.fill('#email', dev.email);
  await page.fill('#password', dev.password);
  await page.press('#password', 'Enter');
  await page.waitForSelector('#sign-out');
}
