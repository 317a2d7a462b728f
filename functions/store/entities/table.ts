import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { string } from 'dynamodb-toolbox/schema/string';
import { $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { Table } from 'dynamodb-toolbox/table';
import { tableKeys } from '../table-definition.js';
import { onFirstUse } from './on-first-use.js';

/**
 * The single table as dynamodb-toolbox sees it: the same key and index names as the table CDK and
 * the local stand-in create (table-definition.ts), so entities read and write the items already
 * stored. The table's name and client differ per stage and per test, so every action is given
 * them (`tableName`, `documentClient`) rather than the table holding one. Built on first use, as the entities are.
 */
export const salonTable = onFirstUse(
  () =>
    new Table({
      partitionKey: { name: tableKeys.partitionKey, type: 'string' },
      sortKey: { name: tableKeys.sortKey, type: 'string' },
      indexes: {
        [tableKeys.gsi1.name]: {
          type: 'global',
          partitionKey: { name: tableKeys.gsi1.partitionKey, type: 'string' },
          sortKey: { name: tableKeys.gsi1.sortKey, type: 'string' },
        },
      },
    }),
);

/** What the data-model table in docs/architecture.md says of an item kind (bin/data-model-doc.ts). */
export interface ItemKindDoc {
  /** The key as its builders in keys.ts spell it, with each part named, e.g. `SALON#<salonId>`. */
  pk: string;
  sk: string;
  what: string;
  access: string;
}

/**
 * Entities write exactly the attributes their schema names: no entity-name or timestamp
 * attributes of the library's own, so items written before the entities and after are alike.
 */
export const plainItems = () => ({ table: salonTable(), entityAttribute: false, timestamps: false }) as const;

/** Every entity's primary key: the stored `pk` and `sk` strings, built by keys.ts (the entity's own key builder). */
export const primaryKey = () => ({ pk: string().key(), sk: string().key() });

/** The gsi1 attributes of an item listed on the index. */
export const gsi1Key = () => ({ gsi1pk: string(), gsi1sk: string() });

/** A string attribute stored as NULL when there is none (the appointment's optional fields). */
export const nullableString = () => anyOf(string(), nul());

/**
 * A value for an `any` attribute that an update writes whole (`SET #a = :a`). Given as it is, an
 * object for `any` is written attribute by attribute, leaving what the stored one had beyond it;
 * the library writes `$set` on `any` whole, though its types refuse it there, hence the cast
 * (tests/unit/store-entities.test.ts holds what it writes).
 */
export const replacedWhole = <T>(value: T): T => $set(value as never) as unknown as T;
