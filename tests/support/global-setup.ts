import '../../local/server/quiet-sdk-notices.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startLocal, type LocalProduct } from '../../local/server/start.js';
import { setLogSink } from '../../functions/logger.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';
import { DYNAMODB_ENDPOINT_VARIABLE } from './dynamodb-local-setup.js';

/**
 * Starts the product once for the whole run (the same startLocal as `npm start`, on a fresh data
 * folder and a free port) and one Chromium that every browser test connects to.
 */
let product: LocalProduct | undefined;
let browserServer: BrowserServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  setLogSink(() => {}, 'error');
  dataDir = mkdtempSync(join(tmpdir(), 'salondesk-test-'));
  const errors: string[] = [];
  // On the run's one DynamoDB Local (dynamodb-local-setup.ts, listed before this file).
  const dynamoEndpoint = process.env[DYNAMODB_ENDPOINT_VARIABLE];
  product = await startLocal({ port: 0, dataDir, dynamoEndpoint, log: (line) => line.startsWith('[error]') && errors.push(line) });
  browserServer = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  project.provide('baseUrl', product.url);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  project.provide('productEnv', product.env);
  project.provide('dataDir', dataDir);
}

export async function teardown() {
  await browserServer?.close();
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
