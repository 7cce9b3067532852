// The camera's choice of decoder (the browser's BarcodeDetector only where it reads QR) and the words
// for a camera that will not open.
import { afterEach, describe, expect, it } from 'vitest';
import { nativeQrDecoder } from '../../../../src/client/floor/camera-decoders.js';
import { cameraErrorText } from '../../../../src/client/floor/camera-scanner.js';

const g = globalThis as { BarcodeDetector?: unknown };
afterEach(() => {
  delete g.BarcodeDetector;
});

function stubDetector(formats: string[], seen: string[][] = []) {
  g.BarcodeDetector = class {
    static getSupportedFormats = async () => formats;
    constructor(o: { formats: string[] }) {
      seen.push(o.formats);
    }
    detect = async () => [{ rawValue: '' }, { rawValue: 'https://x.in/P?U=ABC' }];
  };
}

describe('nativeQrDecoder', () => {
  it('is none where the browser has no BarcodeDetector', async () => {
    expect(await nativeQrDecoder()).toBeNull();
  });

  it('is none where the detector cannot read QR (desktop Chrome on Linux lists no formats)', async () => {
    stubDetector([]);
    expect(await nativeQrDecoder()).toBeNull();
    stubDetector(['ean_13', 'code_128']);
    expect(await nativeQrDecoder()).toBeNull();
  });

  it('asks for QR only, and gives the first code with text', async () => {
    const seen: string[][] = [];
    stubDetector(['qr_code', 'ean_13'], seen);
    const decoder = await nativeQrDecoder();
    expect(decoder?.kind).toBe('native');
    expect(seen).toEqual([['qr_code']]);
    expect(await decoder!.decode({} as HTMLVideoElement)).toBe('https://x.in/P?U=ABC');
  });
});

describe('cameraErrorText', () => {
  it.each([
    ['NotAllowedError', /permission/i],
    ['NotFoundError', /No camera/],
    ['NotReadableError', /in use/],
    ['AbortError', /could not start/],
  ])('%s says what to do', (name, words) => {
    const err = new Error('x');
    err.name = name;
    expect(cameraErrorText(err)).toMatch(words);
  });
});
