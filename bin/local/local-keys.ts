/**
 * The AWS key pairs of the local runtime. Neither is a secret: a request signed with one came
 * from an AWS SDK client set up as the product's are, not from a web page or a stray tool.
 */
export interface KeyPair {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The local runtime's own clients, and the default credentials of the handlers' environment. */
export const LOCAL_CREDENTIALS: KeyPair = { accessKeyId: 'local', secretAccessKey: 'local' };

/** The only pair s3rver knows, so the handlers sign every stand-in call with it (functions/composition-root.ts). */
export const S3RVER_CREDENTIALS: KeyPair = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Access key id → secret, as the signature check looks keys up. */
export function keyTable(...pairs: KeyPair[]): Readonly<Record<string, string>> {
  return Object.fromEntries(pairs.map((pair) => [pair.accessKeyId, pair.secretAccessKey]));
}
