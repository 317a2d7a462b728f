import type { IncomingHttpHeaders } from 'node:http';
import type { SignedRequest } from './sigv4.js';

/** A call to an AWS JSON-protocol stand-in, body read. */
export type AwsJsonCall = SignedRequest & { body: Buffer };

/** Its answer: a status and an `application/x-amz-json-1.1` body. */
export interface AwsJsonAnswer {
  status: number;
  body: string;
}

export function awsError(status: number, type: string, message: string): AwsJsonAnswer {
  return { status, body: JSON.stringify({ __type: type, message }) };
}

export const notSigned = () => awsError(403, 'AccessDeniedException', "Sign this request with a local AWS key, as the product's SDK clients do.");

/** The operation named by `X-Amz-Target: <service prefix>.<Operation>`. */
export function targetOperation(headers: IncomingHttpHeaders, prefix: string): string | undefined {
  const target = headers['x-amz-target'];
  if (typeof target !== 'string' || !target.startsWith(`${prefix}.`)) return undefined;
  const operation = target.slice(prefix.length + 1);
  return /^[A-Za-z]+$/.test(operation) ? operation : undefined;
}

/** The body as a JSON object, or undefined for anything else (as AWS's SerializationException). */
export function jsonObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const notJson = () => awsError(400, 'SerializationException', 'The request body is not a JSON object.');
