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

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}
