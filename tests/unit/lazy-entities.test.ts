import { beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The entities and their table are built on first use (functions/store/entities/on-first-use.ts,
 * docs/architecture.md "Cold starts"): loading the two Lambdas a caller waits on builds none of
 * them, and a store's first write builds its own entity, once.
 */
const built = vi.hoisted(() => [] as string[]);
vi.mock('dynamodb-toolbox/entity', async (importOriginal) => {
  const original = await importOriginal<typeof import('dynamodb-toolbox/entity')>();
  class CountedEntity extends original.Entity {
    constructor(props: ConstructorParameters<typeof original.Entity>[0]) {
      super(props);
      built.push(this.entityName);
    }
  }
  return { ...original, Entity: CountedEntity };
});
vi.mock('dynamodb-toolbox/table', async (importOriginal) => {
  const original = await importOriginal<typeof import('dynamodb-toolbox/table')>();
  class CountedTable extends original.Table {
    constructor(...args: ConstructorParameters<typeof original.Table>) {
      super(...args);
      built.push('(table)');
    }
  }
  return { ...original, Table: CountedTable };
});

// The run's setup file (tests/support/local-stand-ins.ts) has loaded the stores already, with the
// real classes: this file counts on modules of its own, loaded after the mocks.
beforeAll(() => {
  vi.resetModules();
});

describe('entities built on first use (RELIABILITY 187)', () => {
  it('loading the agent tools and the voice webhook builds no entity and no table', async () => {
    await import('../../functions/api/agent-tools.js');
    await import('../../functions/api/twilio-voice.js');
    await import('../../functions/composition-root.js');
    expect(built).toEqual([]);
  });

  it("a store's first use builds its entity and the table once, and a second use builds nothing", async () => {
    const { outboxEntity } = await import('../../functions/store/entities/outbox-entity.js');
    const first = outboxEntity();
    expect(built).toEqual(['(table)', 'event-outbox']);
    expect(outboxEntity()).toBe(first);
    expect(built).toHaveLength(2);
  });
});
