import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import { TokenCipherError, type TokenCipher } from '../core/ports/token-cipher.js';

/**
 * Refresh tokens encrypted with the app's KMS key, the salon id as encryption context: KMS
 * refuses to decrypt a ciphertext under any other salon (and CloudTrail records which salon).
 * Ciphertext format: `kms:v1:<base64(CiphertextBlob)>`.
 */
const PREFIX = 'kms:v1:';

export function createKmsTokenCipher(client: Pick<KMSClient, 'send'>, keyArn: string): TokenCipher {
  return {
    async encrypt(plaintext, salonId) {
      const result = await client.send(new EncryptCommand({ KeyId: keyArn, Plaintext: Buffer.from(plaintext, 'utf8'), EncryptionContext: { salonId } }));
      if (!result.CiphertextBlob) throw new TokenCipherError('KMS returned no ciphertext');
      return PREFIX + Buffer.from(result.CiphertextBlob).toString('base64');
    },
    async decrypt(ciphertext, salonId) {
      if (!ciphertext.startsWith(PREFIX)) throw new TokenCipherError('Not a KMS token ciphertext');
      try {
        const result = await client.send(
          new DecryptCommand({
            KeyId: keyArn,
            CiphertextBlob: Buffer.from(ciphertext.slice(PREFIX.length), 'base64'),
            EncryptionContext: { salonId },
          }),
        );
        if (!result.Plaintext) throw new TokenCipherError('KMS returned no plaintext');
        return Buffer.from(result.Plaintext).toString('utf8');
      } catch (error) {
        // A wrong context or tampered blob is KMS's InvalidCiphertextException; anything else
        // (throttling, outage) keeps its own name so the caller can retry.
        if ((error as Error)?.name === 'InvalidCiphertextException') {
          throw new TokenCipherError('Token ciphertext does not decrypt for this salon');
        }
        throw error;
      }
    },
  };
}
