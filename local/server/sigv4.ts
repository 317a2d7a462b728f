import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';

/**
 * AWS Signature Version 4, checked the way AWS checks it: the request is signed again with the
 * secret of the access key it names, over the headers it says it signed, and the two signatures
 * must be equal. The local stand-ins use it to accept only what an AWS SDK client holding the
 * local key sends; the keys are not secret, so this keeps out browsers and stray tools, not a
 * process that means harm.
 */
export interface SignedRequest {
  method: string;
  /** The path as it came over the wire (still percent-encoded). */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw body, when the stand-in has read it; its hash must match the signed one. */
  body?: Buffer;
}

export interface SigV4Check {
  /** The service signing name (`events`, `cognito-idp`, `s3`). */
  service: string;
  /** Access key id → secret access key. */
  keys: Readonly<Record<string, string>>;
  now?: () => Date;
}

/** AWS refuses signatures more than 15 minutes away from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const REQUIRED_SIGNED = ['host', 'x-amz-date', 'x-amz-content-sha256'];

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function parseAmzDate(value: string | undefined): Date | undefined {
  const parts = AMZ_DATE.exec(value ?? '');
  if (!parts) return undefined;
  const [, year, month, day, hour, minute, second] = parts.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export async function hasValidSigV4(request: SignedRequest, check: SigV4Check): Promise<boolean> {
  const parts = AUTHORIZATION.exec(headerValue(request.headers, 'authorization') ?? '');
  if (!parts) return false;
  const [, accessKeyId, scopeDate, region, service, signedList, signature] = parts as unknown as string[];
  const secretAccessKey = Object.hasOwn(check.keys, accessKeyId!) ? check.keys[accessKeyId!] : undefined;
  if (secretAccessKey === undefined || service !== check.service) return false;

  const amzDate = headerValue(request.headers, 'x-amz-date');
  const signingDate = parseAmzDate(amzDate);
  const now = (check.now ?? (() => new Date()))();
  if (!signingDate || amzDate!.slice(0, 8) !== scopeDate || Math.abs(now.getTime() - signingDate.getTime()) > MAX_SKEW_MS) return false;

  const signedHeaders = signedList!.split(';');
  if (!REQUIRED_SIGNED.every((name) => signedHeaders.includes(name))) return false;
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = headerValue(request.headers, name);
    if (value === undefined) return false;
    headers[name] = value;
  }
  // The signer takes the payload hash from this header; with the body at hand, it must be the body's.
  if (request.body && headers['x-amz-content-sha256'] !== createHash('sha256').update(request.body).digest('hex')) return false;

  const signer = new SignatureV4({
    credentials: { accessKeyId: accessKeyId!, secretAccessKey },
    region: region!,
    service: service!,
    sha256: Sha256,
    // S3 signs the path as sent; every other service signs it escaped once more.
    uriEscapePath: service !== 's3',
    applyChecksum: false,
  });
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(request.query.keys())) {
    const values = request.query.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  const resigned = await signer.sign(
    { method: request.method, protocol: 'http:', hostname: headers.host!, path: request.path, query, headers },
    { signingDate, signableHeaders: new Set(signedHeaders) },
  );
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(resigned.headers.authorization))?.[1] ?? '';
  return sameHex(expected, signature!);
}
