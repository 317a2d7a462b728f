/**
 * Whether the auth SDK has left a session in this browser, read without loading the SDK so the
 * marketing pages stay light. The signed-in area verifies the session properly.
 */
export const SESSION_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

export function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key && SESSION_KEY.test(key) && localStorage.getItem(key)) return true;
    }
  } catch {
    // Storage can be blocked (private mode, strict settings): treat as signed out.
  }
  return false;
}
