/**
 * Images in chat (requirements 001-5, 001-9): compressed in the browser with browser-image-compression (loaded
 * when the first image is sent) to at most about 100 KB; one that cannot get under that is
 * refused with 图片过大，请重新上传 (null here). The library's web worker would fetch its script
 * from a CDN, so it runs on the page's thread.
 */
export const CHAT_IMAGE_MAX_BYTES = 100 * 1024;

export const compressForChat = async (f: File): Promise<File | null> => {
  if (f.size <= CHAT_IMAGE_MAX_BYTES) return f;
  const { default: imageCompression } = await import('browser-image-compression');
  const out = await imageCompression(f, { maxSizeMB: CHAT_IMAGE_MAX_BYTES / 1024 / 1024, maxWidthOrHeight: 1600, useWebWorker: false, maxIteration: 12 });
  if (out.size > CHAT_IMAGE_MAX_BYTES) return null;
  // keep a name whose ending matches what the bytes are (the server reads the bytes anyway)
  const ext = out.type === 'image/png' ? 'png' : 'jpg';
  return new File([out], f.name.replace(/\.[^.]*$/, '') + `.${ext}`, { type: out.type });
};
