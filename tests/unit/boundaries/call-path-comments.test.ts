import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/**
 * Issue 44, point 5: a newcomer follows one call from the webhook to its booking and its texts by
 * the drawing in docs/architecture.md, "One call, end to end", and each hop's module comment names
 * the next hop, so opening any file on the path says where to go next.
 */
const HOPS: [from: string, next: string][] = [
  ['functions/api/twilio-voice.ts', 'functions/core/telephony/inbound-call.ts'],
  ['functions/core/telephony/inbound-call.ts', 'functions/providers/elevenlabs-voice-agent.ts'],
  ['functions/core/telephony/inbound-call.ts', 'functions/api/agent-tools.ts'],
  ['functions/providers/elevenlabs-voice-agent.ts', 'functions/api/agent-tools.ts'],
  ['functions/api/agent-tools.ts', 'functions/core/agent-tools/registry.ts'],
  ['functions/core/agent-tools/registry.ts', 'functions/core/booking/book.ts'],
  ['functions/core/agent-tools/registry.ts', 'functions/core/booking/check-availability.ts'],
  ['functions/core/booking/book.ts', 'functions/store/booking/booking-change.ts'],
  ['functions/store/booking/booking-change.ts', 'infra/event-outbox-pipe.ts'],
  ['infra/event-outbox-pipe.ts', 'events/rules.ts'],
  ['local/server/stream-relay.ts', 'local/server/event-bus.ts'],
  ['events/rules.ts', 'events/consumers/send-booking-sms.ts'],
  ['functions/core/telephony/call-record.ts', 'events/consumers/meter-call-usage.ts'],
];

/** The file's first doc comment that says "One call, end to end": its module comment on the call's path. */
function pathComment(file: string): string {
  const comments = read(file).match(/\/\*\*[\s\S]*?\*\//g) ?? [];
  return comments.find((comment) => comment.includes('One call, end to end')) ?? '';
}

describe("one call's path, hop by hop (docs/architecture.md)", () => {
  const drawing = read('docs/architecture.md').split('## One call, end to end')[1]!.split('\n## ')[0]!;

  it.each(HOPS)("%s's module comment names the next hop, %s", (from, next) => {
    // A path broken over two comment lines still counts as named.
    expect(pathComment(from).replace(/\s*\n\s*\*\s*/g, ' ')).toContain(next);
  });

  it('every file of the hops is in the drawing', () => {
    for (const file of new Set(HOPS.flat())) expect(drawing, file).toContain(file);
  });
});
