import '../../local/server/quiet-sdk-notices.js';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminGetUserCommand, CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { hasValidSigV4, type SignedRequest } from '../../local/server/sigv4.js';

/**
 * The stand-ins' signature check, fed what the real AWS SDK clients send: a small server records
 * each request (path, query, headers, raw body) and answers with an empty success.
 */
const keys = { local: 'local', S3RVER: 'S3RVER' };
const captured: SignedRequest[] = [];
let endpoint = '';
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    captured.push({
      method: request.method!,
      path: request.url!.split('?')[0]!,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks),
    });
    const s3 = request.headers.authorization?.includes('/s3/');
    response.writeHead(200, { 'content-type': s3 ? 'application/xml' : 'application/x-amz-json-1.1' }).end(s3 ? '<ListBucketResult/>' : '{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

const credentials = (accessKeyId: string) => ({ accessKeyId, secretAccessKey: accessKeyId });

async function lastRequest(send: () => Promise<unknown>): Promise<SignedRequest> {
  await send();
  return captured.at(-1)!;
}

const putEvents = (accessKeyId = 'S3RVER') =>
  lastRequest(() =>
    new EventBridgeClient({ endpoint: `${endpoint}/_local/events`, region: 'eu-west-1', credentials: credentials(accessKeyId) }).send(
      new PutEventsCommand({ Entries: [{ Source: 'salon-receptionist', DetailType: 'salon.deleted', Detail: '{}' }] }),
    ),
  );

const withHeaders = (request: SignedRequest, headers: IncomingHttpHeaders): SignedRequest => ({ ...request, headers: { ...request.headers, ...headers } });

describe('hasValidSigV4', () => {
  it("accepts the AWS SDK's own signatures (EventBridge, Cognito admin calls, S3 with awkward keys and queries)", async () => {
    expect(await hasValidSigV4(await putEvents(), { service: 'events', keys })).toBe(true);
    expect(await hasValidSigV4(await putEvents('local'), { service: 'events', keys })).toBe(true);
    const cognito = new CognitoIdentityProviderClient({ endpoint: `${endpoint}/_cognito`, region: 'eu-west-1', credentials: credentials('S3RVER') });
    const admin = await lastRequest(() => cognito.send(new AdminGetUserCommand({ UserPoolId: 'pool', Username: 'owner@example.ie' })));
    expect(await hasValidSigV4(admin, { service: 'cognito-idp', keys })).toBe(true);
    const s3 = new S3Client({
      endpoint,
      region: 'eu-west-1',
      credentials: credentials('S3RVER'),
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const put = await lastRequest(() => s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'salons/sal 1/price list+ü (2).pdf', Body: 'hello' })));
    expect(await hasValidSigV4({ ...put, body: undefined }, { service: 's3', keys })).toBe(true);
    expect(await hasValidSigV4({ ...put, body: undefined, path: '/uploads/salons/sal%202/price.pdf' }, { service: 's3', keys })).toBe(false);
    const list = await lastRequest(() => s3.send(new ListObjectsV2Command({ Bucket: 'uploads', Prefix: 'salons/sal 1/' })));
    expect(await hasValidSigV4(list, { service: 's3', keys })).toBe(true);
  });

  it('refuses unsigned calls (the SDK signs no InitiateAuth) and keys it does not know', async () => {
    const cognito = new CognitoIdentityProviderClient({ endpoint: `${endpoint}/_cognito`, region: 'eu-west-1', credentials: credentials('S3RVER') });
    const unsigned = await lastRequest(() => cognito.send(new InitiateAuthCommand({ ClientId: 'c', AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: {} })));
    expect(await hasValidSigV4(unsigned, { service: 'cognito-idp', keys })).toBe(false);
    expect(await hasValidSigV4(await putEvents('attacker'), { service: 'events', keys })).toBe(false);
    expect(await hasValidSigV4(await putEvents(), { service: 'events', keys: { S3RVER: 'another-secret' } })).toBe(false);
    expect(await hasValidSigV4(await putEvents(), { service: 'events', keys: {} })).toBe(false);
  });

  it('refuses a signed request that was changed: body, signed header, path, or the service it was signed for', async () => {
    const signed = await putEvents();
    const forged = Buffer.from(signed.body!.toString().replace('salon.deleted', 'booking.confirmed'));
    expect(await hasValidSigV4({ ...signed, body: forged }, { service: 'events', keys })).toBe(false);
    expect(await hasValidSigV4(withHeaders(signed, { 'x-amz-target': 'AWSEvents.DeleteRule' }), { service: 'events', keys })).toBe(false);
    expect(await hasValidSigV4(withHeaders(signed, { host: 'attacker.example:80' }), { service: 'events', keys })).toBe(false);
    expect(await hasValidSigV4({ ...signed, path: '/_cognito/' }, { service: 'events', keys })).toBe(false);
    expect(await hasValidSigV4(signed, { service: 'cognito-idp', keys })).toBe(false);
    const headers = { ...signed.headers };
    delete headers['x-amz-target'];
    expect(await hasValidSigV4({ ...signed, headers }, { service: 'events', keys })).toBe(false);
  });

  it('refuses a signature more than 15 minutes from now, as AWS does', async () => {
    const signed = await putEvents();
    const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);
    expect(await hasValidSigV4(signed, { service: 'events', keys, now: later(14) })).toBe(true);
    expect(await hasValidSigV4(signed, { service: 'events', keys, now: later(16) })).toBe(false);
    expect(await hasValidSigV4(signed, { service: 'events', keys, now: later(-16) })).toBe(false);
  });

  it('refuses malformed authorization headers without throwing', async () => {
    const signed = await putEvents();
    for (const authorization of [
      '',
      'AWS4-HMAC-SHA256',
      'Bearer x',
      String(signed.headers.authorization).replace('SignedHeaders=', 'SignedHeaders=;'),
      `${signed.headers.authorization}, extra`,
    ]) {
      expect(await hasValidSigV4(withHeaders(signed, { authorization }), { service: 'events', keys })).toBe(false);
    }
    expect(await hasValidSigV4(withHeaders(signed, { 'x-amz-date': 'yesterday' }), { service: 'events', keys })).toBe(false);
  });
});
