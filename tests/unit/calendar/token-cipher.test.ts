import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DecryptCommand, EncryptCommand } from '@aws-sdk/client-kms';
import { createLocalTokenCipher, ensureLocalTokenKey } from '../../../local/sandboxes/local-token-cipher.js';
import { createKmsTokenCipher } from '../../../functions/providers/kms-token-cipher.js';
import { TokenCipherError } from '../../../functions/core/ports/token-cipher.js';
import { unconfiguredTokenCipher } from '../../../functions/providers/token-cipher.js';

const dir = mkdtempSync(join(tmpdir(), 'token-cipher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const token = '1//0gFakeRefreshToken-abcdefghijklmnopqrstuvwxyz0123456789';

describe('local token cipher (AES-256-GCM, salon as additional data)', () => {
  const keyFile = join(dir, 'nested', 'token-key.bin');
  ensureLocalTokenKey(keyFile);
  const cipher = createLocalTokenCipher(keyFile);

  it('creates a 32-byte key file readable by the owner only, once', () => {
    const key = readFileSync(keyFile);
    expect(key).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    ensureLocalTokenKey(keyFile);
    expect(readFileSync(keyFile).equals(key)).toBe(true);
  });

  it('round-trips a token, with a fresh IV every time', async () => {
    const first = await cipher.encrypt(token, 'sal_a');
    const second = await cipher.encrypt(token, 'sal_a');
    expect(first).toMatch(/^local:v1:/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(token);
    expect(await cipher.decrypt(first, 'sal_a')).toBe(token);
    expect(await cipher.decrypt(second, 'sal_a')).toBe(token);
  });

  it('refuses to decrypt under another salon', async () => {
    const sealed = await cipher.encrypt(token, 'sal_a');
    await expect(cipher.decrypt(sealed, 'sal_b')).rejects.toBeInstanceOf(TokenCipherError);
  });

  it('refuses tampered, truncated and foreign ciphertexts', async () => {
    const sealed = await cipher.encrypt(token, 'sal_a');
    const bytes = Buffer.from(sealed.slice('local:v1:'.length), 'base64url');
    for (const index of [0, 13, 30, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index] = tampered[index]! ^ 0x01;
      await expect(cipher.decrypt(`local:v1:${tampered.toString('base64url')}`, 'sal_a')).rejects.toBeInstanceOf(TokenCipherError);
    }
    await expect(cipher.decrypt('local:v1:AAAA', 'sal_a')).rejects.toBeInstanceOf(TokenCipherError);
    await expect(cipher.decrypt('kms:v1:AAAA', 'sal_a')).rejects.toBeInstanceOf(TokenCipherError);
  });

  it('does not decrypt with another key', async () => {
    const otherFile = join(dir, 'other-key.bin');
    ensureLocalTokenKey(otherFile);
    const sealed = await cipher.encrypt(token, 'sal_a');
    await expect(createLocalTokenCipher(otherFile).decrypt(sealed, 'sal_a')).rejects.toBeInstanceOf(TokenCipherError);
  });

  it('accepts the key written as base64 text and refuses a key of the wrong size', async () => {
    const textFile = join(dir, 'text-key');
    writeFileSync(textFile, readFileSync(keyFile).toString('base64'));
    expect(await createLocalTokenCipher(textFile).decrypt(await cipher.encrypt(token, 'sal_a'), 'sal_a')).toBe(token);
    const shortFile = join(dir, 'short-key');
    writeFileSync(shortFile, Buffer.alloc(16));
    await expect(createLocalTokenCipher(shortFile).encrypt(token, 'sal_a')).rejects.toThrow(/32 bytes/);
  });
});

describe('KMS token cipher', () => {
  /** A stand-in KMS that, like KMS, only decrypts under the encryption context it encrypted with. */
  function fakeKms() {
    const calls: (EncryptCommand | DecryptCommand)[] = [];
    const client = {
      async send(command: EncryptCommand | DecryptCommand) {
        calls.push(command);
        if (command instanceof EncryptCommand) {
          const envelope = JSON.stringify({ context: command.input.EncryptionContext, plaintext: Buffer.from(command.input.Plaintext!).toString('base64') });
          return { CiphertextBlob: Buffer.from(envelope) };
        }
        const envelope = JSON.parse(Buffer.from(command.input.CiphertextBlob!).toString()) as { context: unknown; plaintext: string };
        if (JSON.stringify(envelope.context) !== JSON.stringify(command.input.EncryptionContext)) {
          throw Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' });
        }
        return { Plaintext: Buffer.from(envelope.plaintext, 'base64') };
      },
    };
    return { client: client as never, calls };
  }

  it('encrypts with the key and the salon as encryption context, and decrypts only for that salon', async () => {
    const kms = fakeKms();
    const cipher = createKmsTokenCipher(kms.client, 'arn:aws:kms:eu-west-1:111122223333:key/abc');
    const sealed = await cipher.encrypt(token, 'sal_a');
    expect(sealed).toMatch(/^kms:v1:/);
    const encrypt = kms.calls[0] as EncryptCommand;
    expect(encrypt.input).toMatchObject({ KeyId: 'arn:aws:kms:eu-west-1:111122223333:key/abc', EncryptionContext: { salonId: 'sal_a' } });
    expect(await cipher.decrypt(sealed, 'sal_a')).toBe(token);
    expect((kms.calls[1] as DecryptCommand).input.EncryptionContext).toEqual({ salonId: 'sal_a' });
    await expect(cipher.decrypt(sealed, 'sal_b')).rejects.toBeInstanceOf(TokenCipherError);
  });

  it('lets KMS outages through as they are (retryable), not as a broken token', async () => {
    const cipher = createKmsTokenCipher(
      { send: async () => Promise.reject(Object.assign(new Error('slow down'), { name: 'ThrottlingException' })) } as never,
      'key',
    );
    await expect(cipher.decrypt('kms:v1:AAAA', 'sal_a')).rejects.toMatchObject({ name: 'ThrottlingException' });
  });
});

describe('no key configured', () => {
  it('fails loudly on use', async () => {
    await expect(unconfiguredTokenCipher().encrypt(token, 'sal_a')).rejects.toThrow(/TOKEN_KEY_ARN|LOCAL_TOKEN_KEY_FILE/);
  });
});
