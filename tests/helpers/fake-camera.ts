// Chromium's fake camera showing a QR code: the code drawn with the `qrcode` package, made a looping
// video with ffmpeg (Debian's, in .ci/run's packages), and the flags that make Chromium film it
// (STACK.md, "Camera tests"). The y4m loops, so the code stays in view as long as the camera is open.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import QRCode from 'qrcode';

/** Writes `dir`/`name`.y4m: 640 x 480 at 10 frames a second, `text`'s QR 400 px square in the middle. */
export async function qrVideo(text: string, dir: string, name = 'qr'): Promise<string> {
  const png = join(dir, `${name}.png`);
  const y4m = join(dir, `${name}.y4m`);
  await QRCode.toFile(png, text, { width: 400, margin: 4, errorCorrectionLevel: 'M' });
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    png,
    '-vf',
    'scale=400:400:flags=neighbor,pad=640:480:120:40:white,format=yuv420p',
    '-r',
    '10',
    '-t',
    '2',
    '-f',
    'yuv4mpegpipe',
    y4m,
  ]);
  return y4m;
}

/** Launch flags: a fake camera filming `file`, and camera prompts answered yes. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
