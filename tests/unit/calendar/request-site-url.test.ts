import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../functions/config.js';
import { requestSiteUrl } from '../../../functions/core/calendar-connection.js';

/**
 * The OAuth round trip stays on the origin the owner is on: a state cookie set on 127.0.0.1 is
 * not sent to localhost. In AWS there is one origin, SITE_URL.
 */
const baseEnv = { TABLE_NAME: 't', UPLOADS_BUCKET: 'b', EVENT_BUS_NAME: 'e', USER_POOL_ID: 'local_abc', USER_POOL_CLIENT_ID: 'c' };
const local = parseConfig({
  ...baseEnv,
  SITE_URL: 'http://localhost:3000',
  LOCAL_SITE_ORIGINS: 'http://localhost:3000,http://127.0.0.1:3000,http://[::1]:3000',
});

describe('requestSiteUrl', () => {
  it('locally, answers the listed origin the request came to', () => {
    expect(requestSiteUrl(local, '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(requestSiteUrl(local, '[::1]:3000')).toBe('http://[::1]:3000');
    expect(requestSiteUrl(local, 'LOCALHOST:3000')).toBe('http://localhost:3000');
  });

  it('falls back to SITE_URL for any other host, and always in AWS', () => {
    expect(requestSiteUrl(local, 'attacker.example')).toBe('http://localhost:3000');
    expect(requestSiteUrl(local, '127.0.0.1:4000')).toBe('http://localhost:3000');
    expect(requestSiteUrl(local, undefined)).toBe('http://localhost:3000');
    const aws = parseConfig({ ...baseEnv, USER_POOL_ID: 'eu-west-1_abc', STAGE: 'prod', SITE_URL: 'https://app.example.ie' });
    expect(aws.LOCAL_SITE_ORIGINS).toEqual([]);
    expect(requestSiteUrl(aws, 'abc123.execute-api.eu-west-1.amazonaws.com')).toBe('https://app.example.ie');
  });

  it('is refused on a production stage and checked as URLs', () => {
    const prod = { ...baseEnv, USER_POOL_ID: 'eu-west-1_abc', STAGE: 'prod', SITE_URL: 'https://app.example.ie' };
    expect(() => parseConfig({ ...prod, LOCAL_SITE_ORIGINS: 'http://127.0.0.1:3000' })).toThrow(/LOCAL_SITE_ORIGINS/);
    expect(() => parseConfig({ ...baseEnv, SITE_URL: 'http://localhost:3000', LOCAL_SITE_ORIGINS: 'not an origin' })).toThrow(/LOCAL_SITE_ORIGINS/);
  });
});
