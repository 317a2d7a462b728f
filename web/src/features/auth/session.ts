import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  fetchAuthSession,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import * as z from 'zod';
import { forgetDrafts } from '../../lib/draft-storage';
import { queryClient } from '../../lib/query-client';

/**
 * The hosted auth service (Cognito) behind one small module. Runtime settings come from
 * /config.json so one build serves every stage: CloudFront serves the deployed stack's values,
 * `npm start` serves the local user pool with its endpoint on the same origin.
 */
const runtimeConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  userPoolEndpointPath: z.string().optional(),
  stage: z.string(),
  /** Where salons reach us (the stage's support address). */
  supportEmail: z.string().optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export interface Owner {
  userId: string;
  email: string;
}

let configured: Promise<RuntimeConfig> | undefined;

export function configureAuth(): Promise<RuntimeConfig> {
  configured ??= fetch('/config.json')
    .then((response) => {
      if (!response.ok) throw new Error('Failed to load the app configuration');
      return response.json();
    })
    .then((raw) => {
      const runtime = runtimeConfigSchema.parse(raw);
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: runtime.userPoolId,
            userPoolClientId: runtime.userPoolClientId,
            ...(runtime.userPoolEndpointPath
              ? { userPoolEndpoint: new URL(runtime.userPoolEndpointPath, window.location.origin).toString() }
              : {}),
            loginWith: { email: true },
          },
        },
      });
      return runtime;
    })
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

export async function currentOwner(): Promise<Owner | null> {
  await configureAuth();
  try {
    const [user, session] = await Promise.all([getCurrentUser(), fetchAuthSession()]);
    if (!session.tokens?.accessToken) return null;
    const email = user.signInDetails?.loginId ?? String(session.tokens.idToken?.payload.email ?? '');
    return { userId: user.userId, email };
  } catch {
    return null;
  }
}

/** Bearer token for the app API; refreshed by the SDK when close to expiry. */
export async function accessToken(): Promise<string | null> {
  await configureAuth();
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken.toString() ?? null;
  } catch {
    return null;
  }
}

export async function signInOwner(email: string, password: string): Promise<void> {
  const runtime = await configureAuth();
  const result = await signIn({
    username: email,
    password,
    options: { authFlowType: runtime.authFlowType },
  });
  if (!result.isSignedIn) throw new Error('Sign-in needs another step that this app does not support yet.');
}

export async function signUpOwner(email: string, password: string): Promise<void> {
  await configureAuth();
  await signUp({ username: email, password, options: { userAttributes: { email } } });
}

export async function sendResetLink(email: string): Promise<void> {
  await configureAuth();
  await resetPassword({ username: email });
}

export async function confirmNewPassword(email: string, code: string, newPassword: string): Promise<void> {
  await configureAuth();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export async function signOutOwner(): Promise<void> {
  await configureAuth();
  await signOut();
  forgetOwnerData();
}

/** A shared salon computer keeps nothing of the owner who left: neither their typing nor what was read for them. */
function forgetOwnerData(): void {
  forgetDrafts();
  queryClient.clear();
}

/** Drops a stale or broken session without asking the server. */
export async function forgetSession(): Promise<void> {
  forgetOwnerData();
  try {
    await configureAuth();
    await signOut({ global: false });
  } catch {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(key);
    }
  }
}
