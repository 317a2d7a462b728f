import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Identity } from '../core/ports/identity.js';

export interface CognitoIdentityOptions {
  /**
   * False on cognito-local, which has no AdminUserGlobalSignOut: the call is skipped there. Its
   * refresh tokens stop working anyway once the user is deleted, which always follows.
   */
  globalSignOut: boolean;
}

export function createCognitoIdentity(client: CognitoIdentityProviderClient, userPoolId: string, clientId: string, options: CognitoIdentityOptions): Identity {
  return {
    async getUser(username) {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
        const attribute = (name: string) => user.UserAttributes?.find((item) => item.Name === name)?.Value;
        return { username: user.Username ?? username, email: attribute('email'), name: attribute('name') };
      } catch (error) {
        if (error instanceof UserNotFoundException) return null;
        throw error;
      }
    },
    async passwordMatches(email, password) {
      try {
        const result = await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        );
        return Boolean(result.AuthenticationResult?.AccessToken || result.ChallengeName);
      } catch (error) {
        // cognito-local answers a wrong password with InvalidPasswordException, Cognito with NotAuthorized.
        if (error instanceof NotAuthorizedException || error instanceof UserNotFoundException || error instanceof InvalidPasswordException) {
          return false;
        }
        throw error;
      }
    },
    async signOutEverywhere(username) {
      if (!options.globalSignOut) return;
      try {
        await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
      } catch (error) {
        // Already deleted (a re-run deletion): there is nothing left to sign out.
        if (!(error instanceof UserNotFoundException)) throw error;
      }
    },
    async deleteUser(username) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
      } catch (error) {
        // Deleting twice is the same as deleting once.
        if (!(error instanceof UserNotFoundException)) throw error;
      }
    },
  };
}
