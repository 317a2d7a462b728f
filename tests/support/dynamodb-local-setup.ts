import { startDynamoDbLocal, type DynamoDbLocal } from '../../local/server/dynamodb-local.js';

/**
 * One DynamoDB Local (a JVM, about two seconds of CPU to start) for the whole run, in memory: every
 * test file makes its own table on it (tests/unit/booking/harness.ts), and the product tests' local
 * product uses it too (global-setup.ts). Several projects list this file and vitest runs each
 * project's global setup in turn in this one process, so the first starts the JVM and says where in
 * the environment, which the later ones and the test workers (started after) inherit.
 */
export const DYNAMODB_ENDPOINT_VARIABLE = 'TEST_DYNAMODB_ENDPOINT';

let started: DynamoDbLocal | undefined;

export async function setup() {
  if (process.env[DYNAMODB_ENDPOINT_VARIABLE]) return;
  started = await startDynamoDbLocal();
  process.env[DYNAMODB_ENDPOINT_VARIABLE] = started.endpoint;
}

export async function teardown() {
  await started?.stop();
}
