import { describe, expect, inject, it } from 'vitest';
import { greetingName, signUpForm } from '../../functions/contracts/auth.js';
import { api, signIn, uniqueEmail } from '../support/owners.js';

/**
 * Issue 46, point 5: sign-up asks her name, and the dashboard greets her by it. The name travels as
 * Cognito's standard `name` attribute through the same calls the web app's Amplify makes, on the
 * product's own user-pool endpoint (cognito-local behind /_cognito): SignUp with it, GetUser with her
 * access token to read it back. Standard attributes:
 * https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-settings-attributes.html
 * GetUser (an unauthenticated operation, authorised by the access token):
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_GetUser.html
 */
const COGNITO = 'AWSCognitoIdentityProviderService';

async function browserCall(target: string, body: unknown) {
  const answer = await fetch(`${inject('baseUrl')}/_cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${COGNITO}.${target}`, origin: inject('baseUrl') },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe('the name she gives at sign-up', () => {
  it('is checked by the shared sign-up schema: required, trimmed, at most 80 characters', () => {
    const form = { email: 'siobhan@salon.ie', password: 'long-enough', confirmPassword: 'long-enough', acceptTerms: true };
    expect(signUpForm.safeParse({ ...form, name: '   ' }).error?.issues[0]?.message).toBe('Please enter your name');
    expect(signUpForm.safeParse({ ...form, name: 'x'.repeat(81) }).error?.issues[0]?.message).toBe('Please keep your name under 80 characters');
    expect(signUpForm.parse({ ...form, name: '  Siobhán Ní Bhriain ' }).name).toBe('Siobhán Ní Bhriain');
  });

  it('greets by the first word of the name, else by the email as the spec does', () => {
    expect(greetingName({ name: 'Siobhán Ní Bhriain', email: 'siobhan@salon.ie' })).toBe('Siobhán');
    expect(greetingName({ name: null, email: 'siobhan.byrne@salon.ie' })).toBe('siobhan.byrne');
    expect(greetingName({ name: '  ', email: 'niamh@salon.ie' })).toBe('niamh');
  });

  it('is stored as the name attribute, read back by the owner with her access token, and names her salon', async () => {
    const email = uniqueEmail('siobhan');
    const password = 'lovely-hair-1';
    const signedUp = await browserCall('SignUp', {
      ClientId: inject('productEnv').USER_POOL_CLIENT_ID,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Siobhán Ní Bhriain' },
      ],
    });
    expect(signedUp.status).toBe(200);
    const owner = await signIn(email, password);

    const user = await browserCall('GetUser', { AccessToken: owner.accessToken });
    expect(user.status).toBe(200);
    expect(user.body.UserAttributes).toContainEqual({ Name: 'name', Value: 'Siobhán Ní Bhriain' });
    expect((await browserCall('GetUser', { AccessToken: 'not-a-token' })).status).toBeGreaterThanOrEqual(400);

    // The spec: a new salon is named after the user's full name.
    const salon = await api('/api/salon', { token: owner.accessToken });
    expect(salon.status).toBe(200);
    expect(salon.body.name).toBe('Siobhán Ní Bhriain');
  });
});
