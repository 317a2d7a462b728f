import { describe, expect, it } from 'vitest';
import { api } from '../support/owners.js';

describe('the local API gateway', () => {
  it('answers unknown API paths with 404 and wrong methods with 405, as JSON', async () => {
    const missing = await api('/api/nope');
    expect(missing.status).toBe(404);
    const wrongMethod = await api('/api/health', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
  });

  it('serves the app shell for client-side routes and the runtime config', async () => {
    const shell = await api('/dashboard');
    expect(shell.status).toBe(200);
    expect(shell.text).toContain('<div id="root">');
    expect(shell.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const config = await api('/config.json');
    expect(config.body).toMatchObject({ authFlowType: 'USER_PASSWORD_AUTH', userPoolEndpointPath: '/_cognito', stage: 'local' });
  });

  it('does not serve files outside the web app', async () => {
    const answer = await fetch(`${(await import('vitest')).inject('baseUrl')}/..%2f..%2fpackage.json`);
    const text = await answer.text();
    expect(text).not.toContain('"dependencies"');
  });
});
