import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph.js';

/**
 * Table access is typed (issue 42 point 4, issue 44 point 3): DynamoDB expressions are built by
 * dynamodb-toolbox from the entities (docs/architecture.md, "Typed items"), and what comes back is
 * formatted by them rather than coerced. The entities are defined in functions/store/entities/,
 * and the item kinds only the local sandboxes write in local/sandboxes/sandbox-entities.ts, beside
 * their stores. This was a ratchet, each store's count only going down; every store is converted
 * now, so it is a plain rule: no file outside the entity definitions writes an expression string,
 * and no store coerces a stored value.
 */
const EXPRESSION = /\b(?:KeyCondition|Condition|Update|Filter|Projection)Expression\s*:/g;
const COERCION = /\b(?:String|Number)\(/g;

const ENTITY_DEFINITIONS = ['functions/store/entities/', 'local/sandboxes/sandbox-entities.ts'];

/** Matches of `pattern` per file (those with any), outside the entity definitions. */
export function countsIn(files: readonly { path: string; text: string }[], pattern: RegExp): Record<string, number> {
  return Object.fromEntries(
    files.flatMap(({ path, text }) => {
      const count = ENTITY_DEFINITIONS.some((definitions) => path.startsWith(definitions)) ? 0 : (text.match(pattern) ?? []).length;
      return count ? [[path, count]] : [];
    }),
  );
}

const read = (folder: string) => sourceFiles([folder]).map((file) => ({ path: relative(ROOT, file).replaceAll('\\', '/'), text: readFileSync(file, 'utf8') }));

describe('hand-written DynamoDB expressions and coercions', () => {
  // The sandboxes' stores keep to the same rule from local/ (docs/architecture.md, "Local stand-ins").
  const sandboxes = read('local/sandboxes');
  const product = [...read('functions'), ...sandboxes];
  const stores = [...read('functions/store'), ...sandboxes.filter((file) => file.path.endsWith('-store.ts'))];

  it('no file outside the entity definitions writes an expression string (build it with the entity)', () => {
    expect(countsIn(product, EXPRESSION)).toEqual({});
  });

  it('no store coerces a stored value (format it with the entity)', () => {
    expect(stores.length).toBeGreaterThan(40);
    expect(countsIn(stores, COERCION)).toEqual({});
  });

  it('counts what it should, and leaves the entity definitions alone', () => {
    const files = [
      {
        path: 'functions/store/x.ts',
        text: "{ ConditionExpression: 'attribute_exists(pk)', UpdateExpression: `SET a = :a`, KeyConditionExpression : 'pk = :pk' } String(item.a) Number(b)",
      },
      { path: 'functions/store/y.ts', text: "options({ condition: { attr: 'pk', exists: false } }) toISOString()" },
      { path: 'functions/store/entities/z.ts', text: "ConditionExpression: 'x'" },
      { path: 'local/sandboxes/sandbox-entities.ts', text: "ConditionExpression: 'x'" },
      { path: 'local/sandboxes/sandbox-x-store.ts', text: "FilterExpression: 'x'" },
    ];
    expect(countsIn(files, EXPRESSION)).toEqual({ 'functions/store/x.ts': 3, 'local/sandboxes/sandbox-x-store.ts': 1 });
    expect(countsIn(files, COERCION)).toEqual({ 'functions/store/x.ts': 2 });
  });
});
