/**
 * Secrets at rest (A1 certificate, its password, the CSC token): AES-256-GCM with the key
 * of `ENCRYPTION_KEY` (config.ts). Stored as base64 of iv(12) | tag(16) | ciphertext.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const encrypt = (key: Buffer, plain: Buffer | string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
};

/** Throws when the key is wrong or the data was tampered with. */
export const decrypt = (key: Buffer, stored: string): Buffer => {
  const raw = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
};
