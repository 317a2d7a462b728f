import { existsSync } from 'node:fs';

/** Debian's Chromium, started the way this machine allows (no network, no sandbox as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Debian's headless-only build of the same Chromium: the product's browser tests took 274 s in it against 437 s in the full browser (same tests, same machine). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** CHROMIUM_PATH when set; otherwise the headless shell, or the full Chromium where the shell is not installed. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}
