import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The AWS key pairs of the local runtime. A request signed with the data folder's own pair came
 * from the product's handlers (or a tool given the folder's key), not from a web page, a stray
 * tool or anyone who read this repository.
 */
export interface KeyPair {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The only pair s3rver knows, so the handlers sign every S3 call with it (functions/composition-root.ts). */
export const S3RVER_CREDENTIALS: KeyPair = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * The data folder's own key pair, made on first start and kept (readable by its owner only): the
 * handlers' DynamoDB, EventBridge and Cognito clients sign with it, and the stand-ins accept no
 * other. A fixed, published key would let anyone who knows it put events on the bus.
 */
export function ensureLocalAwsKey(file: string): KeyPair {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as KeyPair;
  const pair: KeyPair = { accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(30).toString('base64url') };
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return pair;
}

/** Access key id → secret, as the signature check looks keys up. */
export function keyTable(...pairs: KeyPair[]): Readonly<Record<string, string>> {
  return Object.fromEntries(pairs.map((pair) => [pair.accessKeyId, pair.secretAccessKey]));
}
