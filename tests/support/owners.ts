import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { localAwsCredentials } from './stand-ins.js';

export interface TestOwner {
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  userId: string;
}

function cognito() {
  const env = inject('productEnv');
  return {
    env,
    client: new CognitoIdentityProviderClient({
      endpoint: env.COGNITO_ENDPOINT,
      region: 'eu-west-1',
      credentials: localAwsCredentials(),
    }),
  };
}

export function uniqueEmail(label = 'owner'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.ie`;
}

export async function signIn(email: string, password: string): Promise<TestOwner> {
  const { env, client } = cognito();
  const result = await client.send(
    new InitiateAuthCommand({
      ClientId: env.USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const accessToken = result.AuthenticationResult!.AccessToken!;
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return { email, password, accessToken, idToken: result.AuthenticationResult!.IdToken!, userId: claims.sub };
}

/** A new owner signed up through the real user pool (pre-sign-up trigger included) and signed in. */
export async function signUpOwner(label?: string, password = 'correct-horse-9'): Promise<TestOwner> {
  const { env, client } = cognito();
  const email = uniqueEmail(label);
  await client.send(
    new SignUpCommand({ ClientId: env.USER_POOL_CLIENT_ID, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  return signIn(email, password);
}

export async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: any; text: string; headers: Headers }> {
  const { token, headers, ...rest } = init;
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(rest.body ? { 'content-type': 'application/json' } : {}), ...headers },
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text, headers: response.headers };
}
