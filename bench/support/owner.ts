import { randomUUID } from 'node:crypto';

/** Signs a new owner up through the product's own auth endpoint and answers their bearer header. */
export async function signUpBenchOwner(url: string): Promise<{ authorization: string }> {
  const { authorization } = await signUpBenchAccount(url);
  return { authorization };
}

/** As signUpBenchOwner, with the email and password, for a browser to sign in with. */
export async function signUpBenchAccount(url: string): Promise<{ authorization: string; email: string; password: string }> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { userPoolClientId: string };
  const call = async (target: string, body: unknown) => {
    const response = await fetch(`${url}/_cognito`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<Record<string, any>>;
  };
  const email = `bench-${randomUUID().slice(0, 8)}@example.ie`;
  const password = 'bench-password-1';
  await call('SignUp', { ClientId: config.userPoolClientId, Username: email, Password: password });
  const auth = await call('InitiateAuth', {
    ClientId: config.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return { authorization: `Bearer ${auth.AuthenticationResult.AccessToken}`, email, password };
}
