// The verdict in large type with its mark: under the scan box, and in the camera panel. The colour is
// never the only sign (the mark and the words say it too), for colour-blind users and in sunlight.
import { useEffect, useRef } from 'react';
import type { ScanVerdict } from './scan-feedback.js';
import { ErrorIcon, OkIcon, ScanIcon } from './scan-icons.js';

/** A verdict longer than this is set smaller, so a refusal's reason fits a handheld's screen whole. */
const LONG_MESSAGE = 40;
/** Longer than this (a damage reason of 200 characters), smaller again and the mark above the words'
 *  first line, so it ends above a screen's Submit bar at 360 x 740. */
const VERY_LONG_MESSAGE = 120;
const lengthOf = (n: number) => (n > VERY_LONG_MESSAGE ? 'very' : n > LONG_MESSAGE ? 'long' : undefined);

export function ScanMessage({ verdict, idle, live }: { verdict: ScanVerdict | null; idle: string; live?: boolean }) {
  const tone = verdict === null ? 'idle' : verdict.ok ? 'ok' : 'error';
  const ref = useRef<HTMLDivElement>(null);
  // A refusal must be read: bring it above a screen's fixed bottom bar (scroll-margin in the CSS).
  useEffect(() => {
    if (verdict && !verdict.ok) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [verdict]);
  return (
    <div
      ref={ref}
      className="ft-scan__message"
      data-tone={tone}
      data-long={lengthOf(verdict?.message.length ?? 0)}
      role={live ? 'status' : undefined}
      aria-live={live ? 'polite' : undefined}
    >
      {tone === 'ok' ? <OkIcon /> : tone === 'error' ? <ErrorIcon /> : <ScanIcon />}
      <span>{verdict?.message ?? idle}</span>
    </div>
  );
}

/** A full-area flash, remounted (by `key`) on every scan so its fade starts again. */
export function ScanFlash({ verdict }: { verdict: ScanVerdict | null }) {
  if (verdict === null) return null;
  return <div className="ft-scan__flash" data-tone={verdict.ok ? 'ok' : 'error'} aria-hidden />;
}
