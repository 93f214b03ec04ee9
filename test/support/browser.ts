/**
 * Headless Chromium, driven by playwright-core, with the flags this machine needs: no sandbox as root,
 * no background networking (the network is closed). Debian's `chromium-headless-shell` where it is
 * installed (Chromium's old headless mode, the one Playwright itself runs headless: the same Blink and
 * V8 without the whole browser around them), else Debian's `chromium`: two walks took 199 CPU-seconds
 * with `chromium` and 159 with the headless shell, Chromium's share 114 → 68 (docs/testing.md#ci).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The whole browser (Lighthouse's, `bench/lighthouse.ts`). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The browser of the walks. */
const WALK_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(WALK_CHROMIUM))
    throw new Error(
      `Chromium not found at ${WALK_CHROMIUM}: install Debian's chromium-headless-shell or chromium ` +
        '(apt-get install chromium-headless-shell) or set CHROMIUM_PATH.',
    );
  return chromium.launch({
    executablePath: WALK_CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
