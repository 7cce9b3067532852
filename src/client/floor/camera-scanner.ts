// The camera as a scanner: opens the back camera into a <video>, reads a frame every `intervalMs`
// (ZXing's own default of 500 ms is too slow for a packing line, FLOOR.md), and hands on each code that
// is not a repeat of the one still in view. stop() ends the loop and the camera's tracks, whenever it is
// called, even while the camera is still opening.
import { qrDecoder } from './camera-decoders.js';
import type { FrameDecoder } from './camera-frame-decoder.js';
import { createRepeatFilter } from './scan-feedback.js';
import { en } from './words/en.js';

export const CAMERA_DEFAULTS = { intervalMs: 150, cooldownMs: 2000 };

export interface CameraScanOptions {
  intervalMs?: number;
  cooldownMs?: number;
  /** Chooses the decoder; tests and callers that know better may pass one. */
  decoder?: () => Promise<FrameDecoder>;
}

export interface CameraScanner {
  /** Resolves once frames are being read (with the decoder in use), rejects if the camera cannot open. */
  ready: Promise<FrameDecoder['kind']>;
  stop(): void;
}

/** Words for a camera that will not open, from getUserMedia's error names. */
export function cameraErrorText(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return en.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return en.cameraMissing;
  if (name === 'NotReadableError') return en.cameraBusy;
  return en.cameraFailed;
}

export function startCameraScanner(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
  options: CameraScanOptions = {},
): CameraScanner {
  const intervalMs = options.intervalMs ?? CAMERA_DEFAULTS.intervalMs;
  const repeats = createRepeatFilter(options.cooldownMs ?? CAMERA_DEFAULTS.cooldownMs);
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // Only this scanner's own stream leaves the video: a scanner stopped while opening (React's strict
  // mode starts, stops and starts again) must not blank the next one's.
  const release = () => {
    const own = stream;
    stream = null;
    own?.getTracks().forEach((t) => t.stop());
    if (own && video.srcObject === own) {
      video.pause();
      video.srcObject = null;
    }
  };

  const ready = (async () => {
    if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
    // The decoder loads (ZXing's chunk) while the user answers the permission prompt.
    const decoding = (options.decoder ?? qrDecoder)();
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    if (stopped) {
      release();
      throw new DOMException('Closed', 'AbortError');
    }
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const decoder = await decoding;
    if (stopped) throw new DOMException('Closed', 'AbortError');

    const tick = async () => {
      if (stopped) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const code = await decoder.decode(video).catch(() => null);
        if (!stopped && code !== null && repeats.accept(code, performance.now())) onCode(code);
      }
      // The next read is timed from the end of this one: a slow phone is never asked twice at once.
      if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
    return decoder.kind;
  })();
  ready.catch(() => undefined); // the caller reads it; an unread rejection must not surface as unhandled

  return {
    ready,
    stop() {
      stopped = true;
      clearTimeout(timer);
      release();
    },
  };
}
