// The scan's beep, with WebAudio: no sound file to fetch or cache, and it starts within a frame.
// Browsers start an AudioContext only after a user gesture: primeAudio() is called on keys and taps in
// the scan box (a scanner's keys count), so a later camera scan, which is no gesture, can sound too.
import type { ToneSpec } from './scan-feedback.js';

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Makes or wakes the audio context; call it inside a user gesture. */
export function primeAudio(): void {
  const ctx = audio();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
}

/** Plays one tone; silently nothing where audio is missing or not allowed yet. */
export function playTone({ hz, ms, wave }: ToneSpec): void {
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    const end = start + ms / 1000;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = hz;
    // A few ms of ramp at each end: a tone cut square clicks.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.3, start + 0.005);
    gain.gain.setValueAtTime(0.3, end - 0.01);
    gain.gain.linearRampToValueAtTime(0, end);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(end);
  } catch {
    // Feedback must never break a scan.
  }
}

/** Vibrates where the device can; Chrome ignores it until the page has had a tap or key. */
export function vibrate(pattern: number[]): void {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // as above
  }
}
