import * as z from 'zod';
import { awsError, jsonObject, notJson, notSigned, targetOperation, type AwsJsonAnswer, type AwsJsonCall } from './aws-json.js';
import type { LocalEventBus } from './event-bus.js';
import { hasValidSigV4 } from './sigv4.js';

/**
 * `/_local/events`: the EventBridge endpoint the handlers publish to. A booking event here texts
 * and emails whoever it names, so only PutEvents signed by a local key (the handlers'
 * EventBridge client) gets onto the bus; the bus then checks each detail against its schema.
 */
const putEventsRequest = z.object({
  Entries: z
    .array(
      z.object({
        Source: z.string().optional(),
        DetailType: z.string().optional(),
        Detail: z.string().optional(),
        EventBusName: z.string().optional(),
      }),
    )
    .min(1)
    .max(10),
});

export function createEventsEndpoint(options: { bus: Pick<LocalEventBus, 'putEvents'>; keys: Readonly<Record<string, string>> }) {
  return async (call: AwsJsonCall): Promise<AwsJsonAnswer> => {
    if (call.method !== 'POST') return awsError(405, 'UnknownOperationException', 'Only POST.');
    if (targetOperation(call.headers, 'AWSEvents') !== 'PutEvents') return awsError(400, 'UnknownOperationException', 'Only PutEvents.');
    if (!(await hasValidSigV4(call, { service: 'events', keys: options.keys }))) return notSigned();
    const input = jsonObject(call.body);
    if (!input) return notJson();
    const request = putEventsRequest.safeParse(input);
    if (!request.success) return awsError(400, 'ValidationException', 'Entries must hold 1 to 10 entries of strings.');
    return { status: 200, body: JSON.stringify(options.bus.putEvents(request.data.Entries)) };
  };
}
