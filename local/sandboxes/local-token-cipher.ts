import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { TokenCipherError, type TokenCipher } from '../../functions/core/ports/token-cipher.js';

/**
 * The local stand-in for the KMS key: AES-256-GCM with a 32-byte key kept in a file under the
 * local data folder, the salon id as additional authenticated data.
 * Ciphertext format: `local:v1:<base64url(iv ‖ tag ‖ ciphertext)>`.
 */
const PREFIX = 'local:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const LOCAL_KEY_BYTES = 32;

/** Creates the key file (owner-only permissions) unless it exists. */
export function ensureLocalTokenKey(file: string): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(LOCAL_KEY_BYTES), { mode: 0o600, flag: 'wx' });
}

function readKey(file: string): Buffer {
  const raw = readFileSync(file);
  if (raw.length === LOCAL_KEY_BYTES) return raw;
  // Also accept the key written as base64 text.
  const decoded = Buffer.from(raw.toString('utf8').trim(), 'base64');
  if (decoded.length === LOCAL_KEY_BYTES) return decoded;
  throw new TokenCipherError(`The local token key file must hold ${LOCAL_KEY_BYTES} bytes`);
}

export function createLocalTokenCipher(keyFile: string): TokenCipher {
  let key: Buffer | undefined;
  const loadKey = () => (key ??= readKey(keyFile));
  return {
    async encrypt(plaintext, salonId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', loadKey(), iv);
      cipher.setAAD(Buffer.from(salonId, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    async decrypt(ciphertext, salonId) {
      if (!ciphertext.startsWith(PREFIX)) throw new TokenCipherError('Not a local token ciphertext');
      const bytes = Buffer.from(ciphertext.slice(PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new TokenCipherError('Token ciphertext is truncated');
      try {
        const decipher = createDecipheriv('aes-256-gcm', loadKey(), bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(salonId, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenCipherError('Token ciphertext does not decrypt for this salon');
      }
    },
  };
}
