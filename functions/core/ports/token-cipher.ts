/**
 * Encrypts calendar refresh tokens at rest. The salon id is bound into every ciphertext (KMS
 * encryption context, AES-GCM additional data), so a token copied to another salon's item does
 * not decrypt there. Adapters: `kms-token-cipher.ts` (AWS) and its stand-in `local/sandboxes/local-token-cipher.ts`.
 */
export interface TokenCipher {
  encrypt(plaintext: string, salonId: string): Promise<string>;
  /** Throws `TokenCipherError` when the ciphertext was tampered with or belongs to another salon. */
  decrypt(ciphertext: string, salonId: string): Promise<string>;
}

export class TokenCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenCipherError';
  }
}
