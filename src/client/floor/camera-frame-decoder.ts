// What reads a QR code from a video frame: the browser's own detector or ZXing (camera-decoders.ts),
// in a file of its own so the lazily loaded ZXing decoder and the chooser do not import each other.
export interface FrameDecoder {
  readonly kind: 'native' | 'zxing';
  /** The text of a QR code in the video's current frame, or null when none is read. */
  decode(video: HTMLVideoElement): Promise<string | null>;
}
