/**
 * Remembered redirect targets must be local paths (requirements 000-5): `/x`, never `//host`, `/\host`,
 * `scheme:` or an encoded form of those, which browsers would follow off-site.
 */
const MAX_LENGTH = 2000;

const hasControlChars = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const decodeFully = (s: string): string | null => {
  let cur = s;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(cur);
    } catch {
      return null;
    }
    if (next === cur) return cur;
    cur = next;
  }
  return null;
};

export const isSafeRedirect = (target: unknown): target is string => {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return false;
  // control characters and whitespace are stripped by URL parsers, turning "/ /host" into "//host"
  if (hasControlChars(target) || /\s/.test(target)) return false;
  const decoded = decodeFully(target);
  if (decoded === null || hasControlChars(decoded)) return false;
  for (const s of [target, decoded]) {
    if (!s.startsWith('/')) return false;
    if (s.startsWith('//') || s.startsWith('/\\')) return false;
    if (s.includes('\\')) return false;
  }
  // the first path segment must not look like a scheme either ("/javascript:..." is fine as a path,
  // but a URL resolver must agree that the target stays on this origin)
  try {
    const base = 'http://qipeihub.local';
    return new URL(target, base).origin === base && new URL(decoded, base).origin === base;
  } catch {
    return false;
  }
};

export const safeRedirect = (target: unknown, fallback = '/'): string => (isSafeRedirect(target) ? target : fallback);
