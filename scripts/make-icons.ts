/**
 * Draws the app icons (a white gear on a blue rounded square) as PNG files with node:zlib only.
 * Run: npx tsx scripts/make-icons.ts (the outputs in public/icons are committed).
 */
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

const png = (size: number, pixel: (x: number, y: number) => [number, number, number, number]) => {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
};

const BLUE: [number, number, number, number] = [21, 101, 192, 255];
const WHITE: [number, number, number, number] = [255, 255, 255, 255];
const CLEAR: [number, number, number, number] = [0, 0, 0, 0];

/** scale: the gear's share of the icon; maskable icons keep it inside the safe zone */
const icon = (size: number, opts: { rounded: boolean; scale: number }) =>
  png(size, (x, y) => {
    const u = (x + 0.5) / size - 0.5;
    const v = (y + 0.5) / size - 0.5;
    if (opts.rounded) {
      const r = 0.2;
      const dx = Math.max(Math.abs(u) - (0.5 - r), 0);
      const dy = Math.max(Math.abs(v) - (0.5 - r), 0);
      if (dx * dx + dy * dy > r * r) return CLEAR;
    }
    const d = Math.hypot(u, v) / opts.scale;
    const angle = Math.atan2(v, u);
    const tooth = Math.cos(angle * 8) > 0.35 ? 0.36 : 0.3;
    if (d < 0.11) return BLUE;
    if (d < 0.22) return WHITE;
    if (d < 0.25) return BLUE;
    if (d < tooth) return WHITE;
    return BLUE;
  });

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', icon(192, { rounded: true, scale: 1 }));
writeFileSync('public/icons/icon-512.png', icon(512, { rounded: true, scale: 1 }));
writeFileSync('public/icons/icon-512-maskable.png', icon(512, { rounded: false, scale: 0.75 }));
