import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One run, three kinds of test. Unit and infrastructure tests need nothing running (infrastructure
 * tests share their synthesized stages in one worker); API and browser tests share one product
 * instance (stand-ins started once) and one Chromium, both started by the global setup.
 */
/** Unit tests that replace a module with vi.mock, so they cannot share a module graph with others. */
const MODULE_REPLACING_TESTS = [
  'tests/unit/receptionist/turns.test.ts',
  'tests/unit/voice-agent/provider-choice.test.ts',
  'tests/unit/lazy-tool-contracts.test.ts',
  'tests/unit/lazy-entities.test.ts',
];

/**
 * Unit, unit-isolated and infrastructure tests run as one group, so they share one worker limit.
 * Vitest's default on two cores is one worker, and a project with `fileParallelism: false` forces
 * one for the whole group: every file of the group then ran in turn on one core while the other
 * waited for the product tests.
 */
const GROUP_ZERO_WORKERS = 2;

/** One DynamoDB Local JVM for the run, whichever of these projects run (the file says how). */
const DYNAMODB_LOCAL = 'tests/support/dynamodb-local-setup.ts';

/** The stand-ins `npm start` runs on, handed to the composition root in every worker that builds it. */
const LOCAL_STAND_INS = 'tests/support/local-stand-ins.ts';

export default defineConfig({
  // The web app's alias for shared code (tsconfig.json "paths", vite.config.ts), so unit tests can import web modules.
  resolve: { alias: { '@functions': fileURLToPath(new URL('./functions', import.meta.url)) } },
  test: {
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          // Importing the product's modules again for every file was a third of the unit tests' CPU:
          // these files share one module graph (each restores any configuration it changes).
          name: 'unit',
          sequence: { groupOrder: 0 },
          maxWorkers: GROUP_ZERO_WORKERS,
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          globalSetup: [DYNAMODB_LOCAL],
          setupFiles: [LOCAL_STAND_INS],
          exclude: MODULE_REPLACING_TESTS,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // vi.mock replaces a module for its own file only when the file gets a fresh module graph.
          name: 'unit-isolated',
          sequence: { groupOrder: 0 },
          maxWorkers: GROUP_ZERO_WORKERS,
          include: MODULE_REPLACING_TESTS,
          globalSetup: [DYNAMODB_LOCAL],
          // No stand-ins setup: it would load the modules these files replace before their mocks apply.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // CDK synths are the slow part: files run without isolation, so each worker synthesizes
          // the dev and prod stages once and its files share them (tests/infra/synth-stage.ts).
          name: 'infra',
          sequence: { groupOrder: 0 },
          maxWorkers: GROUP_ZERO_WORKERS,
          include: ['tests/infra/**/*.test.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'product',
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: [DYNAMODB_LOCAL, 'tests/support/global-setup.ts'],
          setupFiles: [LOCAL_STAND_INS],
          // Importing the product's modules, the AWS clients and Playwright again for every file was a
          // fifth of the product tests' time: a worker's files share one module graph (each file points
          // the composition root at the shared product, and restores any environment it changes).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Four files at a time: a browser test mostly waits (on the product's answers, the app's own
          // timers, Chromium's frames), so two left the cores idle for most of this group once the
          // product stopped loading the X-Ray SDK's async hooks and DynamoDB Local its optimizing JIT
          // (product group alone, 2026-12-02: 280 s of CPU over 421 s of wall at four).
          fileParallelism: true,
          maxWorkers: 4,
        },
      },
    ],
  },
});
