import { readFileSync, readdirSync } from 'node:fs';
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { describe, expect, it } from 'vitest';
import { DATA_MODEL_DOC, DATA_MODEL_DOC_COMMAND, TABLE_END, TABLE_START, dataModelTable, withDataModelTable } from '../../bin/data-model-doc.js';
import { keys } from '../../functions/store/keys.js';
import { itemKinds } from '../../functions/store/entities/registry.js';
import { plainItems, primaryKey } from '../../functions/store/entities/table.js';

const doc = readFileSync(new URL(`../../${DATA_MODEL_DOC}`, import.meta.url), 'utf8');
const ENTITIES_DIR = new URL('../../functions/store/entities/', import.meta.url);

describe("docs/architecture.md's data-model table", () => {
  it('is the one generated from the entities in functions/store/entities/', () => {
    expect(doc, `${DATA_MODEL_DOC}'s data-model table is out of date: run \`${DATA_MODEL_DOC_COMMAND}\``).toBe(withDataModelTable(doc));
  });

  it('has a row per entity: its key, name, what it is, the attributes its schema stores and how it is read', () => {
    const rows = dataModelTable().split('\n').slice(2);
    expect(rows).toHaveLength(itemKinds.length);
    expect(rows[0]).toBe(
      '| `SALON#<salonId>` / `DAY#<stylistId>#<date>` | `day` | the booking of record ([bookings.md](bookings.md)): live reservations and ended ones, versioned | ' +
        '`stylistId`, `date`, `intervals`, `ended`, `version` | by stylist and day; written at the version read |',
    );
  });

  it("spells each key with keys.ts's builders", () => {
    const spelled = itemKinds.map((entity) => `${String(entity.meta.pk)} / ${String(entity.meta.sk)}`);
    expect(spelled).toContain(`${keys.salon('<salonId>')} / ${keys.appointmentSk('<bookingId>')}`);
    expect(spelled).toContain(`${keys.salon('<salonId>')} / ${keys.eventOutboxSk('<eventId>')}`);
    expect(new Set(spelled).size).toBe(itemKinds.length);
  });

  it('lists every entity the entities folder defines', async () => {
    const defined: Entity[] = [];
    for (const file of readdirSync(ENTITIES_DIR).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(new URL(file, ENTITIES_DIR).href)) as Record<string, unknown>;
      // Each entity is exported as the function that builds it on first use (entities/on-first-use.ts).
      const built = Object.values(module).flatMap((value) => (typeof value === 'function' && value.length === 0 ? [(value as () => unknown)()] : []));
      defined.push(...built.filter((value): value is Entity => value instanceof Entity));
    }
    expect(defined.map((entity) => entity.entityName).sort()).toEqual(itemKinds.map((entity) => entity.entityName).sort());
  });

  it('refuses an entity without its doc, and keeps a pipe in a cell from splitting the row', () => {
    const bare = new Entity({ name: 'bare', ...plainItems(), schema: item({ ...primaryKey(), note: string() }) });
    expect(() => dataModelTable([bare])).toThrow(/bare needs meta/);
    const piped = new Entity({
      name: 'piped',
      ...plainItems(),
      schema: item({ ...primaryKey() }),
      meta: { pk: 'A', sk: 'B', what: 'this|that', access: 'by key' },
    });
    expect(dataModelTable([piped]).split('\n')[2]).toContain('this\\|that');
  });

  it('replaces only what lies between the markers, and refuses a doc without them', () => {
    const before = `intro\n${TABLE_START}\nold table\n${TABLE_END}\nafter\n`;
    expect(withDataModelTable(before, 'new table')).toBe(`intro\n${TABLE_START}\nnew table\n${TABLE_END}\nafter\n`);
    expect(() => withDataModelTable('no markers here', 'new table')).toThrow(/markers/);
  });
});
