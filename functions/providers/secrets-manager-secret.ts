import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** The provider credentials secret's text, from Secrets Manager (provider-secrets.ts parses and caches it). */
export async function readSecretString(region: string, secretArn: string): Promise<string | undefined> {
  const result = await new SecretsManagerClient({ region }).send(new GetSecretValueCommand({ SecretId: secretArn }));
  return result.SecretString;
}
