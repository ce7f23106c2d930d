import { describe, expect, it } from 'vitest';
import { hasUploadAuthority, imageKindOf, imageMaxMb } from './upload';

describe('image upload rules', () => {
  it('recognises JPG and PNG by their first bytes only', () => {
    expect(imageKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpg');
    expect(imageKindOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    // GIF, a PDF, a truncated PNG header and text named .jpg are refused
    expect(imageKindOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageKindOf(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(imageKindOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(imageKindOf(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('gives companies in upload_authority the larger limit', () => {
    expect(hasUploadAuthority(2, '1, 2')).toBe(true);
    expect(hasUploadAuthority(12, '1,2')).toBe(false);
    expect(hasUploadAuthority(3, undefined)).toBe(false);
    expect(imageMaxMb(2, '1,2')).toBe(5);
    expect(imageMaxMb(3, '1,2')).toBe(2);
  });
});
