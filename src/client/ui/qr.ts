/** QR codes through qrcode-generator (level M, UTF-8 bytes), as a module matrix and an SVG path. */
import qrcode from 'qrcode-generator';

// the library's byte mode keeps only the low byte of each character (its UTF-8 table is not in
// version 2); it reads this hook at encode time, so Chinese text goes in as UTF-8
qrcode.stringToBytes = (s: string) => Array.from(new TextEncoder().encode(s));

export interface QrMatrix {
  size: number;
  /** dark[y][x] */
  dark: boolean[][];
}

export const encodeQr = (text: string): QrMatrix => {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  return { size, dark: Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => qr.isDark(y, x))) };
};

/** The matrix as one SVG path inside a quiet zone of 4 modules. */
export const qrSvgPath = (q: QrMatrix): string => {
  const parts: string[] = [];
  q.dark.forEach((row, y) => row.forEach((d, x) => { if (d) parts.push(`M${x + 4},${y + 4}h1v1h-1z`); }));
  return parts.join('');
};
