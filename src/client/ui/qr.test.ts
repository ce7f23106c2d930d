import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeQr, qrSvgPath } from './qr';

const digest = (dark: boolean[][]) =>
  createHash('sha256').update(dark.map((r) => r.map((d) => (d ? '1' : '0')).join('')).join('\n')).digest('hex').slice(0, 16);

// An independent encoder's answers: the Python `qrcode` 7.4 package (Debian python3-qrcode), level M,
// byte mode, no border, one SHA-256 prefix of the module matrix for each of the 8 masks. Whatever mask
// the library picks, its matrix must be one of these. The texts cover versions 2, 3, 9 and 10
// (version blocks, several RS blocks, 16-bit length) and UTF-8 Chinese.
const REFERENCE: Array<[string, number, string[]]> = [
  ['https://qipeihub.example.cn/', 3, ['c7963453558e6c2d', '66f3cfe116061640', '8495fc1edd900517', '2e79334a7b18f718', '1fbc76bb5c7bcddd', 'd6d579d9d7846c4a', '0eacb617324ed998', '6589de1d2b2b9f9d']],
  ['http://127.0.0.1:8080/', 2, ['8f4f4d04c18dcac0', 'cb4b9d20ca20d265', 'efa31300140ead68', 'a5937ef6d6f0590a', 'a918de7b3d578663', '1ff9aa3a1941017f', '61636634d262a8f5', '5099c6cbb8d462ba']],
  ['汽配汇 QipeiHub 汽车配件B2B交易平台 https://www.qipeihub.cn/download?from=pc&channel=footer-qrcode-v7-test-long-text-abcdefghijklmnopqrstuvwxyz0123456789', 9,
    ['b57e7f86beb17914', '73d24e438819728b', 'fc498fea3a8cfab6', '8743c1ff1886d076', '8889bb882c7fe745', '38511ddb2d7f5b33', '135675a29187021d', 'ca597902de760d7e']],
  ['https://www.qipeihub.cn/app/download?platform=android&channel=official&campaign=storefront-footer-qr&utm_source=pc&utm_medium=qr&ref=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef01', 10,
    ['5cca54d1dd97cace', '3b1e8c86eb82946d', '7ea884b9d5b8188e', 'dd568e92a4ded4f9', '939329d4a90c7806', '73725ff21f8a243d', '4a85717bb5de7f41', 'b25eb4dcc39b8d37']],
];

describe('QR codes', () => {
  it.each(REFERENCE)('draws a matrix an independent encoder also draws: %s', (text, version, hashes) => {
    const q = encodeQr(text);
    expect(q.size).toBe(version * 4 + 17);
    expect(hashes).toContain(digest(q.dark));
  });

  it('draws one square per dark module inside a 4-module quiet zone', () => {
    const q = encodeQr('http://127.0.0.1:8080/');
    const squares = qrSvgPath(q).match(/M\d+,\d+/g) ?? [];
    expect(squares.length).toBe(q.dark.flat().filter(Boolean).length);
    expect(squares[0]).toBe('M4,4');
  });
});
