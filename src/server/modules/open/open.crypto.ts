/**
 * API-key secrets at rest (docs/open-platform.md, "Keys and signing"): AES-256-GCM under the
 * server key OPEN_KEY_SECRET (64 hex characters). Stored as base64 of iv(12) || ciphertext ||
 * tag(16). Without OPEN_KEY_SECRET (development, tests) the key is SHA-256 of a fixed text: fine
 * for a laptop, worthless in production, where env.ts refuses to start without it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const DEV_OPEN_KEY_TEXT = 'qipeihub development open-key secret (not for production)';

export const serverKeyOf = (hex: string | undefined): Buffer =>
  hex ? Buffer.from(hex, 'hex') : createHash('sha256').update(DEV_OPEN_KEY_TEXT).digest();

export const sealSecret = (key: Buffer, secret: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
};

export const openSecret = (key: Buffer, sealed: string): string => {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomText = (n: number) => Array.from(randomBytes(n), (b) => ALPHABET[b % 62]).join('');

/** ak_ + 24 random letters and digits */
export const newKeyId = () => `ak_${randomText(24)}`;
/** sk_ + 40 random letters and digits (about 238 bits) */
export const newSecret = () => `sk_${randomText(40)}`;
