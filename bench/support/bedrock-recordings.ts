import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BedrockRuntimeClient, ConverseCommand, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';

/**
 * Bedrock's answers for generated photos, recorded once against the real service and replayed by
 * the bench (and the tests), so the Bedrock path is scored by the same generator as the offline
 * one without calling AWS on every run. A recording is keyed by the SHA-256 of the picture sent:
 * the generator makes the same photo from the same seed and index, and a change to the generator
 * or to the camera makes an old recording unused, never wrong.
 *   bench/recordings/bedrock/<sha256>.json = { photo, modelId, recordedAt, output }
 */
type Converse = Pick<BedrockRuntimeClient, 'send'>;

export const imageKey = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The picture a Converse call carries, if any. */
function imageOf(command: ConverseCommand): Uint8Array | null {
  for (const message of command.input.messages ?? []) {
    for (const block of message.content ?? []) {
      const bytes = block.image?.source?.bytes;
      if (bytes) return bytes;
    }
  }
  return null;
}

export interface Recording {
  photo: string;
  modelId: string;
  recordedAt: string;
  output: Pick<ConverseCommandOutput, 'output' | 'stopReason'>;
}

export const recordingPath = (directory: string, bytes: Uint8Array) => join(directory, `${imageKey(bytes)}.json`);
export const hasRecording = (directory: string, bytes: Uint8Array) => existsSync(recordingPath(directory, bytes));

/** A client that answers each call with the recording for its picture; a call with none fails. */
export function replayingClient(directory: string): Converse {
  return {
    send: (async (command: ConverseCommand) => {
      const image = imageOf(command);
      if (!image || !hasRecording(directory, image)) throw new Error('no recorded answer for this picture');
      return (JSON.parse(readFileSync(recordingPath(directory, image), 'utf8')) as Recording).output;
    }) as Converse['send'],
  };
}

/** A client that passes each call to Bedrock and keeps the answer for its picture. `photo` names the photo being read. */
export function recordingClient(real: Converse, directory: string, photo: () => string): Converse {
  mkdirSync(directory, { recursive: true });
  return {
    send: (async (command: ConverseCommand) => {
      const answer = await real.send(command);
      const image = imageOf(command);
      if (image) {
        const recording: Recording = {
          photo: photo(),
          modelId: command.input.modelId ?? '',
          recordedAt: new Date().toISOString(),
          output: { output: answer.output, stopReason: answer.stopReason },
        };
        writeFileSync(recordingPath(directory, image), `${JSON.stringify(recording, null, 1)}\n`);
      }
      return answer;
    }) as Converse['send'],
  };
}
