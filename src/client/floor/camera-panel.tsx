// The camera opened from the scan box: full screen on a handheld, a dialog on a desktop. It shows what
// the camera sees with a square to aim at (the square ZXing reads), and each verdict as the box does,
// so the operator need not look away from the pack. Closing it, or leaving the screen, stops the camera.
import { Button, Modal } from '@mantine/core';
import { memo, useEffect, useRef, useState } from 'react';
import { cameraErrorText, startCameraScanner } from './camera-scanner.js';
import type { ScanVerdict } from './scan-feedback.js';
import { ScanFlash, ScanMessage } from './scan-message.js';
import { useHandheld } from './handheld.js';
import { useFloorWords } from './words/floor-lang.js';

export interface CameraPanelProps {
  opened: boolean;
  onClose: () => void;
  /** A code read from the camera (not a repeat of the one still in view). */
  onCode: (code: string) => void;
  /** The last verdict and its count, to show and flash here too. */
  shown: { verdict: ScanVerdict; n: number } | null;
}

// Memoised: closed, it is drawn again only when opened (the scan box passes no verdict while closed).
export const CameraPanel = memo(function CameraPanel({ opened, onClose, onCode, shown }: CameraPanelProps) {
  const handheld = useHandheld();
  const { w } = useFloorWords();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={handheld}
      title={w.scanWithCamera}
      size="lg"
      returnFocus={false}
      classNames={{ content: 'ft-camera', body: 'ft-camera__body', title: 'ft-camera__title' }}
      // The one way out is the large button at the bottom, under the thumb (and Escape).
      withCloseButton={false}
    >
      {opened && <CameraView onCode={onCode} shown={shown} onClose={onClose} />}
    </Modal>
  );
});

function CameraView({ onCode, shown, onClose }: Pick<CameraPanelProps, 'onCode' | 'shown' | 'onClose'>) {
  const video = useRef<HTMLVideoElement>(null);
  const { w } = useFloorWords();
  const latest = useRef(onCode);
  latest.current = onCode;
  const [state, setState] = useState<{ status: 'starting' | 'on' } | { status: 'failed'; message: string }>({
    status: 'starting',
  });

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const scanner = startCameraScanner(v, (code) => latest.current(code));
    let live = true;
    scanner.ready.then(
      () => live && setState({ status: 'on' }),
      (err: unknown) => live && setState({ status: 'failed', message: cameraErrorText(err) }),
    );
    return () => {
      live = false;
      scanner.stop();
    };
  }, []);

  const verdict = shown?.verdict ?? null;
  const idle = state.status === 'failed' ? state.message : state.status === 'starting' ? w.startingCamera : w.holdCode;
  return (
    <div className="ft-camera__area" data-verdict={verdict ? (verdict.ok ? 'ok' : 'error') : undefined}>
      <div className="ft-camera__view" data-status={state.status}>
        <video ref={video} className="ft-camera__video" muted playsInline aria-label={w.cameraView} />
        <div className="ft-camera__aim" aria-hidden />
        <ScanFlash key={shown?.n ?? 0} verdict={verdict} />
      </div>
      <div className="ft-camera__foot">
        <ScanMessage
          verdict={state.status === 'failed' ? { ok: false, message: state.message } : verdict}
          idle={idle}
        />
        <Button size="lg" variant="default" fullWidth onClick={onClose} className="ft-camera__close">
          {w.closeCamera}
        </Button>
      </div>
    </div>
  );
}
