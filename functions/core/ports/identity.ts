export interface IdentityUser {
  username: string;
  email?: string;
  name?: string;
}

/** The user pool, as the API needs it: read a user, re-check a password, end their sessions, delete a user. */
export interface Identity {
  getUser(username: string): Promise<IdentityUser | null>;
  passwordMatches(email: string, password: string): Promise<boolean>;
  /** Revokes every refresh token the user holds, so no new access token can be minted. */
  signOutEverywhere(username: string): Promise<void>;
  deleteUser(username: string): Promise<void>;
}
