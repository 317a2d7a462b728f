import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph.js';

/**
 * Table access is typed (issue 42 point 4, issue 44 point 3): DynamoDB expressions are built by
 * dynamodb-toolbox from the entities in functions/store/entities/ (docs/architecture.md, "Typed
 * items"), and what comes back is formatted by them rather than coerced. The code not converted
 * yet is listed here with what it holds today, as a ratchet: a count may only go down (and must
 * be lowered here when it does), and no other file may start writing expression strings or
 * coercing stored values.
 */
const EXPRESSION = /\b(?:KeyCondition|Condition|Update|Filter|Projection)Expression\s*:/g;
const COERCION = /\b(?:String|Number)\(/g;

/** Hand-written expressions (`ConditionExpression:`, `UpdateExpression:`, …) left per file. */
const EXPRESSIONS_LEFT: Record<string, number> = {
  'local/sandboxes/sandbox-calendar-store.ts': 4,
  'local/sandboxes/sandbox-stripe-store.ts': 4,
};

/** `String(…)` / `Number(…)` coercions of stored values left per store file. */
const COERCIONS_LEFT: Record<string, number> = {
  'local/sandboxes/sandbox-calendar-store.ts': 8,
  'local/sandboxes/sandbox-stripe-store.ts': 1,
};

const ENTITIES = 'functions/store/entities/';

/** Matches of `pattern` per file (those with any), outside the entity definitions. */
export function countsIn(files: readonly { path: string; text: string }[], pattern: RegExp): Record<string, number> {
  return Object.fromEntries(
    files.flatMap(({ path, text }) => {
      const count = path.startsWith(ENTITIES) ? 0 : (text.match(pattern) ?? []).length;
      return count ? [[path, count]] : [];
    }),
  );
}

/** Where `found` exceeds what is allowed (a new file, or more than before), and where it fell below (the list must follow). */
export function ratchet(found: Record<string, number>, allowed: Record<string, number>) {
  const paths = [...new Set([...Object.keys(found), ...Object.keys(allowed)])].sort();
  return {
    grown: paths.filter((path) => (found[path] ?? 0) > (allowed[path] ?? 0)).map((path) => `${path}: ${found[path]} (allowed ${allowed[path] ?? 0})`),
    shrunk: paths.filter((path) => (found[path] ?? 0) < (allowed[path] ?? 0)).map((path) => `${path}: ${found[path] ?? 0} (listed ${allowed[path]})`),
  };
}

const read = (folder: string) => sourceFiles([folder]).map((file) => ({ path: relative(ROOT, file).replaceAll('\\', '/'), text: readFileSync(file, 'utf8') }));

describe('hand-written DynamoDB expressions and coercions (a ratchet)', () => {
  // The sandboxes' stores keep to the same ratchet from local/ (docs/architecture.md, "Local stand-ins").
  const sandboxes = read('local/sandboxes');
  const product = [...read('functions'), ...sandboxes];
  const stores = [...read('functions/store'), ...sandboxes.filter((file) => file.path.endsWith('-store.ts'))];

  it('no file holds more hand-written expressions than listed, and none outside the list holds any', () => {
    expect(ratchet(countsIn(product, EXPRESSION), EXPRESSIONS_LEFT).grown, 'build it with the entity (functions/store/entities/)').toEqual([]);
  });

  it('lists no more than a file still holds (lower EXPRESSIONS_LEFT as stores are converted)', () => {
    expect(ratchet(countsIn(product, EXPRESSION), EXPRESSIONS_LEFT).shrunk).toEqual([]);
  });

  it('no store coerces more stored values than listed (format them with the entity)', () => {
    const { grown, shrunk } = ratchet(countsIn(stores, COERCION), COERCIONS_LEFT);
    expect(grown).toEqual([]);
    expect(shrunk, 'lower COERCIONS_LEFT').toEqual([]);
  });

  it('the booking transaction and its stores hold neither', () => {
    const booking = [
      ...stores.filter((file) => file.path.startsWith('functions/store/booking/')),
      ...read('functions/store').filter((file) => /\/(booking-store|reminder-store|event-outbox)\.ts$/.test(file.path)),
    ];
    expect(booking.length).toBeGreaterThan(9);
    expect(countsIn(booking, EXPRESSION)).toEqual({});
    expect(countsIn(booking, COERCION)).toEqual({});
  });

  it('counts what it should, and leaves the entity definitions alone', () => {
    const files = [
      {
        path: 'functions/store/x.ts',
        text: "{ ConditionExpression: 'attribute_exists(pk)', UpdateExpression: `SET a = :a`, KeyConditionExpression : 'pk = :pk' } String(item.a) Number(b)",
      },
      { path: 'functions/store/y.ts', text: "options({ condition: { attr: 'pk', exists: false } }) toISOString()" },
      { path: `${ENTITIES}z.ts`, text: "ConditionExpression: 'x'" },
    ];
    expect(countsIn(files, EXPRESSION)).toEqual({ 'functions/store/x.ts': 3 });
    expect(countsIn(files, COERCION)).toEqual({ 'functions/store/x.ts': 2 });
    expect(ratchet({ a: 2, b: 1 }, { a: 1, c: 1 })).toEqual({ grown: ['a: 2 (allowed 1)', 'b: 1 (allowed 0)'], shrunk: ['c: 0 (listed 1)'] });
  });
});
