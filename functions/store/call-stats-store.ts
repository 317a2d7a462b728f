import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { conditionally } from './dynamo.js';
import { keyQuery } from './entities/query.js';
import { callStatsEntity } from './entities/usage-entities.js';
import { keys } from './keys.js';
import type { CallStatsStore } from '../core/ports/call-stats-store.js';

type StatsEntity = ReturnType<typeof callStatsEntity>;

/** The call is not in the set yet (a set not made yet holds none). */
const notCounted = (set: 'callSids' | 'ratedSids', callSid: string): Condition<StatsEntity> => ({
  or: [{ attr: set, exists: false } as Condition<StatsEntity>, { not: { attr: set, contains: callSid } as Condition<StatsEntity> }],
});

const FIGURES = ['day', 'calls', 'missed', 'rated', 'satisfied'] as const;

export function createCallStatsStore(client: DynamoDBDocumentClient, tableName: string): CallStatsStore {
  const addOnce = (
    salonId: string,
    day: string,
    set: 'callSids' | 'ratedSids',
    callSid: string,
    counters: Partial<Record<'calls' | 'missed' | 'rated' | 'satisfied', number>>,
  ) =>
    conditionally(
      client.send(
        new UpdateCommand(
          callStatsEntity()
            .build(UpdateTransaction)
            .item({
              pk: keys.salon(salonId),
              sk: keys.callStatsSk(day),
              day,
              [set]: $add(new Set([callSid])),
              ...Object.fromEntries(Object.entries(counters).map(([name, value]) => [name, $add(value)])),
            })
            .options({ tableName, condition: notCounted(set, callSid) })
            .params().Update,
        ),
      ),
    );

  return {
    countCall: (salonId, day, callSid, missed) => addOnce(salonId, day, 'callSids', callSid, { calls: 1, missed: missed ? 1 : 0 }),
    countRating: (salonId, day, callSid, satisfied) => addOnce(salonId, day, 'ratedSids', callSid, { rated: 1, satisfied: satisfied ? 1 : 0 }),

    async days(salonId, from, to) {
      const result = await client.send(
        new QueryCommand(
          keyQuery(
            tableName,
            { partition: keys.salon(salonId), range: { between: [keys.callStatsSk(from), keys.callStatsSk(to)] } },
            { attributes: [...FIGURES] },
          ),
        ),
      );
      const formatter = callStatsEntity().build(EntityFormatter);
      return (result.Items ?? []).map((item) => {
        const { day, calls, missed, rated, satisfied } = formatter.format(item, { attributes: [...FIGURES] });
        return { day, calls: calls ?? 0, missed: missed ?? 0, rated: rated ?? 0, satisfied: satisfied ?? 0 };
      });
    },
  };
}
