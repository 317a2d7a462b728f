import { TokenCipherError, type TokenCipher } from '../core/ports/token-cipher.js';

/** Used when neither a KMS key nor a local key file is configured: fails loudly on first use. */
export function unconfiguredTokenCipher(): TokenCipher {
  const fail = async (): Promise<never> => {
    throw new TokenCipherError('No token key configured: set TOKEN_KEY_ARN (AWS) or LOCAL_TOKEN_KEY_FILE (local)');
  };
  return { encrypt: fail, decrypt: fail };
}
