import { describe, expect, it } from 'vitest';
import { msg } from '../../../shared/messages';
import { imageProblem } from './image-file';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe1]);

describe('image check in the page', () => {
  it('takes JPG and PNG by their bytes within the limit', () => {
    expect(imageProblem(PNG, 1000, 2)).toBeNull();
    expect(imageProblem(JPG, 2 * 1024 * 1024, 2)).toBeNull();
  });
  it('refuses other types and oversize files with the glossary texts', () => {
    expect(imageProblem(new TextEncoder().encode('GIF89a'), 100, 2)).toBe(msg.imageType);
    expect(imageProblem(PNG, 2 * 1024 * 1024 + 1, 2)).toBe('图片大小不能超过2 MB');
    expect(imageProblem(JPG, 3 * 1024 * 1024, 5)).toBeNull();
  });
  it('takes a PDF only where a document is asked for (an invoice), with the document texts', () => {
    const PDF = new TextEncoder().encode('%PDF-1.7');
    expect(imageProblem(PDF, 100, 2)).toBe(msg.imageType);
    expect(imageProblem(PDF, 100, 5, 'document')).toBeNull();
    expect(imageProblem(PNG, 100, 5, 'document')).toBeNull();
    expect(imageProblem(new TextEncoder().encode('GIF89a'), 100, 5, 'document')).toBe(msg.documentType);
    expect(imageProblem(PDF, 5 * 1024 * 1024 + 1, 5, 'document')).toBe('文件大小不能超过5 MB');
  });
});
