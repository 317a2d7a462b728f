#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone: installs npm dependencies when they are
// missing or older than package-lock.json, and (with --browser) Debian's Chromium for browser tests.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const run = (command) => execSync(command, { stdio: 'inherit' });
const installedMarker = 'node_modules/.package-lock.json';

if (!existsSync(installedMarker) || statSync('package-lock.json').mtimeMs > statSync(installedMarker).mtimeMs) {
  console.log('Installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (process.argv.includes('--browser') && !existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo ';
  console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
  try {
    run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`);
  } catch {
    console.error(`Could not install Chromium. Install it yourself (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
