/**
 * The IP allow-list of an API key (docs/open-platform.md, "Keys and signing"): exact IPv4 / IPv6
 * addresses or CIDR blocks. An empty list lets every address in.
 */

const parseV4 = (s: string): bigint | null => {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255 || (p.length > 1 && p.startsWith('0'))) return null;
    n = (n << 8n) | BigInt(Number(p));
  }
  return n;
};

const parseV6 = (input: string): bigint | null => {
  let s = input.toLowerCase();
  // an IPv4 tail (::ffff:1.2.3.4)
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const n = parseV4(v4[1]);
    if (n === null) return null;
    s = `${s.slice(0, -v4[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] === '' ? [] : halves[0].split(':');
  const tail = halves.length === 2 ? (halves[1] === '' ? [] : halves[1].split(':')) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  return n;
};

/** an address as a number and its family, or null */
export const parseIp = (s: string): { v: 4 | 6; n: bigint } | null => {
  const four = parseV4(s);
  if (four !== null) return { v: 4, n: four };
  if (!s.includes(':')) return null;
  const six = parseV6(s);
  if (six === null) return null;
  // an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is that IPv4 address
  if (six >> 32n === 0xffffn) return { v: 4, n: six & 0xffffffffn };
  return { v: 6, n: six };
};

/** Why an allow-list entry cannot be used ('' never), or null when it is a valid address or CIDR block. */
export const ipAllowProblem = (entry: string): string | null => {
  const [addr, bits, extra] = entry.split('/');
  if (extra !== undefined) return '不是有效的 IP 地址或 CIDR 网段';
  const ip = parseIp(addr);
  if (!ip) return '不是有效的 IP 地址或 CIDR 网段';
  if (bits === undefined) return null;
  const max = ip.v === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return `的网段前缀长度应为 0–${max}`;
  return null;
};

/** Whether `address` is in the list (an empty list: any address). */
export const ipAllowed = (address: string, list: readonly string[]): boolean => {
  if (list.length === 0) return true;
  const ip = parseIp(address);
  if (!ip) return false;
  return list.some((entry) => {
    const [a, b] = entry.split('/');
    const net = parseIp(a);
    if (!net || net.v !== ip.v) return false;
    const size = ip.v === 4 ? 32 : 128;
    const bits = b === undefined ? size : Number(b);
    const shift = BigInt(size - bits);
    return (net.n >> shift) === (ip.n >> shift);
  });
};
