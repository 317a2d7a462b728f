import { describe, expect, it } from 'vitest';
import { isLocalHost, localOrigins } from '../../local/server/local-hosts.js';

/** DNS rebinding: the local servers answer their own loopback names only (RELIABILITY 38). */
describe('the local Host check', () => {
  const origins = new Set(localOrigins([3000, 5173]));

  it('accepts localhost, 127.0.0.1 and [::1] on the servers own ports', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000', 'localhost:5173', '127.0.0.1:5173']) {
      expect(isLocalHost(host, origins), host).toBe(true);
    }
  });

  it('refuses any other name, port or form, and a missing Host', () => {
    for (const host of [
      'attacker.example:3000',
      'localhost.attacker.example:3000',
      'attacker.localhost:3000',
      '127.0.0.2:3000',
      '0.0.0.0:3000',
      'localhost:3001',
      'localhost',
      '127.0.0.1',
      'localhost:3000/',
      'user@localhost:3000',
      '',
      undefined,
    ]) {
      expect(isLocalHost(host, origins), String(host)).toBe(false);
    }
  });
});
