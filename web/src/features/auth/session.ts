import { Amplify } from 'aws-amplify';
import { confirmResetPassword, fetchAuthSession, fetchUserAttributes, getCurrentUser, resetPassword, signIn, signOut, signUp } from 'aws-amplify/auth';
import * as z from 'zod';
import { PAGE_OWNER_HEADER } from '@functions/contracts/page-owner';
import { forgetDrafts } from '../../lib/draft-storage';
import { queryClient } from '../../lib/query-client';
import { SESSION_KEY, storedSessionUser } from '../../lib/stored-session';

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
            ...(runtime.userPoolEndpointPath ? { userPoolEndpoint: new URL(runtime.userPoolEndpointPath, window.location.origin).toString() } : {}),
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

/**
 * The owner this page acts for, from the first time the signed-in area verified the session until
 * this page signs out, with the stored session's user as it was then. Every tab shares that stored
 * session: once it no longer holds this owner (they signed out in another tab, maybe someone else
 * signed in), the page acts for no one (RELIABILITY 99).
 */
let pageOwner: (Owner & { sessionUser: string | null }) | null = null;
let leaving = false;
let watching = false;

/**
 * This page's owner left in another tab: the page goes, with everything it held for them (their
 * form, their reads), before it can write a draft or send a save with the next owner's token.
 */
/** The page is leaving because it acts for no one any more: nothing may hold it (an unsaved-changes question included). */
export const pageIsLeaving = (): boolean => leaving;

function leavePage(): void {
  if (leaving) return;
  leaving = true;
  queryClient.clear();
  window.location.replace('/');
}

function watchOtherTabs(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('storage', (event) => {
    if (!pageOwner || (event.key !== null && !SESSION_KEY.test(event.key))) return;
    if (storedSessionUser() !== pageOwner.sessionUser) leavePage();
  });
}

/** Whether this page still acts for the owner `userId`: it was loaded for them and the stored session is still theirs. */
export function actsFor(userId: string): boolean {
  return !leaving && pageOwner?.userId === userId && storedSessionUser() === pageOwner.sessionUser;
}

export async function currentOwner(): Promise<Owner | null> {
  await configureAuth();
  let owner: Owner;
  try {
    const [user, session] = await Promise.all([getCurrentUser(), fetchAuthSession()]);
    if (!session.tokens?.accessToken) return null;
    const email = user.signInDetails?.loginId ?? String(session.tokens.idToken?.payload.email ?? '');
    owner = { userId: user.userId, email };
  } catch {
    return null;
  }
  if (!pageOwner) {
    watchOtherTabs();
    pageOwner = { ...owner, sessionUser: storedSessionUser() };
  } else if (pageOwner.userId !== owner.userId) {
    // Someone else signed in since this page was loaded: it must not carry on as either.
    leavePage();
    return null;
  }
  return owner;
}

/** Bearer token for the app API; refreshed by the SDK when close to expiry. */
async function accessToken(): Promise<string | null> {
  await configureAuth();
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken.toString() ?? null;
  } catch {
    return null;
  }
}

/**
 * The headers that make an API request this page's owner's: their access token, and their id, so
 * the API refuses the request if the token is anyone else's. Null when the page acts for no one.
 */
export async function ownerHeaders(): Promise<Record<string, string> | null> {
  const owner = pageOwner ?? (await currentOwner());
  const token = await accessToken();
  if (!owner || !token || leaving) return null;
  return { authorization: `Bearer ${token}`, [PAGE_OWNER_HEADER]: owner.userId };
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

/** Signs up with the name she gave as Cognito's standard `name` attribute. */
export async function signUpOwner(email: string, password: string, name: string): Promise<void> {
  await configureAuth();
  await signUp({ username: email, password, options: { userAttributes: { email, name } } });
}

/**
 * The name she gave at sign-up, read from the user pool (GetUser with her access token: the ID
 * token of cognito-local carries no `name`); null for an account made before the name was asked.
 */
export async function ownerDisplayName(): Promise<string | null> {
  await configureAuth();
  return (await fetchUserAttributes()).name?.trim() || null;
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

/** A shared salon computer keeps nothing of the owner who left: neither their typing nor what was read for them; this page acts for no one until the next sign-in. */
function forgetOwnerData(): void {
  pageOwner = null;
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
