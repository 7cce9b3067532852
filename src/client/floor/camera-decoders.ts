// Reads a QR code from the camera's current frame: the browser's BarcodeDetector where it has one that
// knows QR (Chrome on Android: two to five times faster than ZXing, FLOOR.md "Cameras"), else ZXing,
// whose ~480 KB are fetched only now, when a camera first opens (camera-zxing.ts is its own chunk).
import type { FrameDecoder } from './camera-frame-decoder.js';

// BarcodeDetector is not in TypeScript's DOM library yet: the part used here.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The native detector restricted to QR, or null where the browser has none or it lacks QR. */
export async function nativeQrDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    // Desktop Chrome on Linux has the class but supports no format at all.
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      async decode(video) {
        const found = await detector.detect(video);
        return found.find((b) => b.rawValue !== '')?.rawValue ?? null;
      },
    };
  } catch {
    return null;
  }
}

export async function zxingQrDecoder(): Promise<FrameDecoder> {
  const { createZxingDecoder } = await import('./camera-zxing.js');
  return createZxingDecoder();
}

export async function qrDecoder(): Promise<FrameDecoder> {
  return (await nativeQrDecoder()) ?? zxingQrDecoder();
}
