#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone: installs npm dependencies when they are
// missing or older than package-lock.json, a Java runtime for DynamoDB Local, and (with --browser)
// Debian's headless Chromium for browser tests.
import { existsSync, statSync } from 'node:fs';
import { execSync, spawnSync } from 'node:child_process';

const run = (command) => execSync(command, { stdio: 'inherit' });
const installedMarker = 'node_modules/.package-lock.json';

if (!existsSync(installedMarker) || statSync('package-lock.json').mtimeMs > statSync(installedMarker).mtimeMs) {
  console.log('Installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : 'sudo ';

// The local table is AWS's DynamoDB Local, a Java program (local/server/dynamodb-local.ts): `npm start`
// and the tests need a Java runtime (17 or later). JAVA names one that is not on the PATH.
const java = process.env.JAVA ?? 'java';
if (spawnSync(java, ['-version'], { stdio: 'ignore' }).error) {
  console.log('Installing a Java runtime for DynamoDB Local (apt-get install default-jre-headless)…');
  try {
    run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends default-jre-headless`);
  } catch {
    console.error('Could not install Java. Install a Java runtime, 17 or later, yourself (Debian: apt-get install default-jre-headless) or set JAVA.');
    process.exit(1);
  }
}

// The browser tests run in Debian's headless-only Chromium (tests/support/chromium.ts): it does the
// same work as the full browser in about two thirds of the CPU. Where it cannot be installed, an
// installed full Chromium still runs them.
const headlessShell = '/usr/bin/chromium-headless-shell';
const fullChromium = '/usr/bin/chromium';
const configured = process.env.CHROMIUM_PATH;
if (process.argv.includes('--browser') && !(configured ? existsSync(configured) : existsSync(headlessShell))) {
  console.log('Installing Chromium for the browser tests (apt-get install chromium-headless-shell)…');
  // Without --no-install-recommends apt also took Chromium's and xdg-utils' recommends: 115 new
  // packages (123 MB) where the browser needs 20 (101 MB): udev (and with it an upgrade of systemd,
  // for its exact libudev1), upower, avahi, printer tools, a terminal, Perl's web stack. Of those the
  // tests use only fonts-liberation (price-list pages are drawn in Liberation fonts), so it is named.
  try {
    run(
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-liberation`,
    );
  } catch {
    if (!configured && existsSync(fullChromium)) {
      console.warn(`Could not install chromium-headless-shell: the browser tests will use ${fullChromium}, more slowly.`);
    } else {
      console.error('Could not install Chromium. Install it yourself (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH.');
      process.exit(1);
    }
  }
}
