import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Entity } from 'dynamodb-toolbox/entity';
import * as z from 'zod';
import { itemKinds } from '../functions/store/entities/registry.js';
import { tableKeys } from '../functions/store/table-definition.js';

/**
 * docs/architecture.md's table of typed item kinds, generated from the entities in
 * functions/store/entities/ so that it cannot drift: `npx tsx bin/data-model-doc.ts` rewrites
 * the lines between the two markers, and tests/unit/data-model-doc.test.ts fails when they differ
 * from what this makes. Each row is the entity's key (its `meta`, spelled by keys.ts's builders),
 * what it is and how it is read, and the attributes its schema stores.
 */
export const DATA_MODEL_DOC = 'docs/architecture.md';
export const DATA_MODEL_DOC_COMMAND = 'npx tsx bin/data-model-doc.ts';
export const TABLE_START = `<!-- data-model table: generated from functions/store/entities/ by \`${DATA_MODEL_DOC_COMMAND}\`; do not edit by hand -->`;
export const TABLE_END = '<!-- end of data-model table -->';

/** What each entity's `meta` must say (functions/store/entities/table.ts, ItemKindDoc). */
const itemKindDoc = z.object({ pk: z.string().min(1), sk: z.string().min(1), what: z.string().min(1), access: z.string().min(1) });

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;
const KEY_ATTRIBUTES = new Set<string>([tableKeys.partitionKey, tableKeys.sortKey]);

export function dataModelTable(entities: readonly Entity[] = itemKinds): string {
  const rows = entities.map((entity) => {
    const doc = itemKindDoc.parse(entity.meta, { error: () => `entity ${entity.entityName} needs meta { pk, sk, what, access }` });
    const attributes = Object.keys(entity.schema.attributes).filter((name) => !KEY_ATTRIBUTES.has(name));
    return [`${code(doc.pk)} / ${code(doc.sk)}`, code(entity.entityName), doc.what, attributes.map(code).join(', '), doc.access].map(cell).join(' | ');
  });
  return ['| item (pk / sk) | entity | what | attributes | access pattern |', '|---|---|---|---|---|', ...rows.map((row) => `| ${row} |`)].join('\n');
}

/** The doc with its table replaced by `table`; throws when the markers are missing or out of order. */
export function withDataModelTable(doc: string, table: string = dataModelTable()): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${DATA_MODEL_DOC} needs the data-model table's markers:\n${TABLE_START}\n${TABLE_END}`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = fileURLToPath(new URL(`../${DATA_MODEL_DOC}`, import.meta.url));
  writeFileSync(path, withDataModelTable(readFileSync(path, 'utf8')));
  console.log(`${DATA_MODEL_DOC}: data-model table written from functions/store/entities/`);
}
