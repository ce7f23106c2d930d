/** scrypt password hashes: `scrypt$N$r$p$salt$hash` (base64url), compared in constant time. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));

export const DEFAULT_SCRYPT_N = 16384;

export const hashPassword = async (password: string, N = DEFAULT_SCRYPT_N): Promise<string> => {
  const salt = randomBytes(16);
  const r = 8, p = 1;
  const key = await scrypt(password, salt, 32, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 });
  return timingSafeEqual(key, expected);
};

/** Verifying against this costs the same as a real check, so unknown users take as long as wrong passwords. */
export const dummyHash = (N = DEFAULT_SCRYPT_N) => hashPassword(randomBytes(12).toString('hex'), N);
