/**
 * Whether the auth SDK has left a session in this browser, read without loading the SDK so the
 * marketing pages stay light. The signed-in area verifies the session properly.
 */
export const SESSION_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

export function hasStoredSession(): boolean {
  // Storage can be blocked (private mode, strict settings): then this is signed out.
  return storedSessionUser() !== null;
}

/**
 * Who the auth SDK's stored session belongs to (its last signed-in user), or null when signed out:
 * every tab of the app shares it, so a page compares it with the owner it was loaded for.
 */
export function storedSessionUser(): string | null {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      const user = key && SESSION_KEY.test(key) ? localStorage.getItem(key) : null;
      if (user) return user;
    }
  } catch {
    // Storage blocked: no session can be stored either.
  }
  return null;
}
