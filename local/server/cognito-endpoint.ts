import * as z from 'zod';
import { awsError, jsonObject, notJson, notSigned, targetOperation, type AwsJsonAnswer, type AwsJsonCall } from './aws-json.js';
import type { CognitoStandIn } from './cognito-stand-in.js';
import { hasValidSigV4 } from './sigv4.js';

/**
 * `/_cognito`: the user pool's API on the product's origin. The operations the web app's Amplify
 * calls without AWS credentials (sign-in, sign-up, password reset and change, sign-out, token
 * refresh) are open, as they are in Cognito; every other one (Admin*, ListUsers, pool settings)
 * needs an IAM-style signature by a local key, which the handlers' Cognito client makes.
 */
const BROWSER_OPERATIONS = new Set([
  'InitiateAuth',
  'SignUp',
  // The signed-in owner reads her own attributes (her name for the dashboard's greeting) with her access token.
  'GetUser',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'RevokeToken',
  'GetTokensFromRefreshToken',
]);

const refreshInput = z.object({ ClientId: z.string().min(1), RefreshToken: z.string().min(1) });

/** Amplify refreshes with GetTokensFromRefreshToken, which cognito-local lacks: it becomes InitiateAuth(REFRESH_TOKEN_AUTH). */
function asCognitoLocalCall(operation: string, input: Record<string, unknown>): { operation: string; input: object } | undefined {
  if (operation !== 'GetTokensFromRefreshToken') return { operation, input };
  const refresh = refreshInput.safeParse(input);
  if (!refresh.success) return undefined;
  return {
    operation: 'InitiateAuth',
    input: { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: refresh.data.ClientId, AuthParameters: { REFRESH_TOKEN: refresh.data.RefreshToken } },
  };
}

export function createCognitoEndpoint(options: { cognito: Pick<CognitoStandIn, 'call' | 'isOperation'>; keys: Readonly<Record<string, string>> }) {
  return async (call: AwsJsonCall): Promise<AwsJsonAnswer> => {
    if (call.method !== 'POST') return awsError(405, 'UnknownOperationException', 'Only POST.');
    const operation = targetOperation(call.headers, 'AWSCognitoIdentityProviderService');
    if (!operation || !(BROWSER_OPERATIONS.has(operation) || options.cognito.isOperation(operation))) {
      return awsError(400, 'UnknownOperationException', 'Unknown operation.');
    }
    if (!BROWSER_OPERATIONS.has(operation) && !(await hasValidSigV4(call, { service: 'cognito-idp', keys: options.keys }))) return notSigned();
    const input = jsonObject(call.body);
    if (!input) return notJson();
    const local = asCognitoLocalCall(operation, input);
    if (!local) return awsError(400, 'InvalidParameterException', 'ClientId and RefreshToken are required.');
    return options.cognito.call(local.operation, local.input);
  };
}
