// ZXing's QR reader on the centre of the frame: loaded by dynamic import only (camera-decoders.ts), so
// its chunk never weighs on a screen whose camera stays closed. A centre square, scaled down, is what the
// viewfinder shows and a fraction of the pixels to binarise (FLOOR.md: crop, QR only).
import { BrowserQRCodeReader } from '@zxing/browser';
import type { FrameDecoder } from './camera-frame-decoder.js';

/** The longest side of the square handed to ZXing: enough for a label's QR held at arm's length. */
const CROP_MAX_PX = 640;

export function createZxingDecoder(): FrameDecoder {
  const reader = new BrowserQRCodeReader();
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'zxing',
    async decode(video) {
      const w = video.videoWidth;
      const h = video.videoHeight;
      if (!ctx || w === 0 || h === 0) return null;
      const side = Math.min(w, h);
      const out = Math.min(side, CROP_MAX_PX);
      if (canvas.width !== out) {
        canvas.width = out;
        canvas.height = out;
      }
      ctx.drawImage(video, (w - side) / 2, (h - side) / 2, side, side, 0, 0, out, out);
      try {
        return reader.decodeFromCanvas(canvas).getText();
      } catch {
        // NotFound, Checksum or Format: no readable code in this frame.
        return null;
      }
    },
  };
}
