/**
 * Reading the barcode or QR code on a parts label: Code 128, EAN-13 and QR. The browser's
 * own BarcodeDetector (Shape Detection API) where it has one for these formats; elsewhere — desktop
 * Linux and Windows Chromium, Firefox, Safari — the barcode-detector ponyfill on zxing-wasm, loaded
 * only when a scan starts. Its .wasm comes from our own build (precached by the service worker), not
 * from the public CDN zxing-wasm would fetch by default: our users' networks may not reach it.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export const SCAN_FORMATS = ['code_128', 'ean_13', 'qr_code'] as const;

export interface Detector {
  detect(source: HTMLVideoElement | ImageBitmap | HTMLCanvasElement): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetectorClass {
  new (o: { formats: readonly string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

let detector: Promise<Detector> | null = null;

export const getDetector = (): Promise<Detector> => {
  detector ??= (async () => {
    const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
    if (native) {
      const supported = await native.getSupportedFormats().catch(() => [] as readonly string[]);
      if (SCAN_FORMATS.every((f) => supported.includes(f))) return new native({ formats: SCAN_FORMATS });
    }
    const ponyfill = await import('barcode-detector/ponyfill');
    ponyfill.setZXingModuleOverrides({ locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) });
    return new ponyfill.BarcodeDetector({ formats: [...SCAN_FORMATS] }) as Detector;
  })();
  detector.catch(() => {
    detector = null;
  });
  return detector;
};

/** Why the camera cannot be used, in words the user can act on. */
export const cameraProblem = (e: unknown): string => {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return '没有摄像头权限：请在浏览器设置中允许本站使用摄像头，或直接输入OE号';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NoCamera') return '没有找到可用的摄像头，请直接输入OE号';
  if (name === 'NotReadableError' || name === 'AbortError') return '摄像头正被其他程序使用，请关闭后重试，或直接输入OE号';
  return '无法打开摄像头，请直接输入OE号';
};
