// The one scan input of every floor screen (DESIGN section 6): a keyboard-wedge scanner's burst (keys
// within ~150 ms, ended by Enter or Tab, or by a whole code when the scanner sends no suffix: wedge.ts),
// a person's typing ended by Enter, and the camera. Each scan goes to the screen's onScan as its code
// (a QR URL reduced to the uid), and the screen's verdict is answered at once: a tone, a vibration, a
// green or red flash of the whole area and the message in large type. On a handheld the box keeps focus
// with inputmode="none", so the soft keyboard stays down until the keyboard button asks for it. A
// scanner's burst while focus is elsewhere (a picker, a button, a dialog) reaches the box through the
// page's listener (page-wedge.ts). Until the screen is ready (its caches and queued work read), scans
// wait, in order, and the box says it is getting ready.
import { ActionIcon } from '@mantine/core';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { toast } from '../kit/toast.js';
import { CameraPanel } from './camera-panel.js';
import { registerWedgeTarget } from './page-wedge.js';
import { createReadyGate } from './ready-gate.js';
import { createScanQueue, feedbackOf, gettingReadyText, scanText, type ScanVerdict } from './scan-feedback.js';
import { CameraIcon, KeyboardIcon } from './scan-icons.js';
import { ScanFlash, ScanMessage } from './scan-message.js';
import { playTone, primeAudio, vibrate } from './scan-tone.js';
import { createWedge, isWholeCode, wholerScan, WEDGE_DEFAULTS } from './wedge.js';
import './scan-box.css';
import { en } from './words/en.js';
import { floorWords, useFloorWords } from './words/floor-lang.js';

export type { ScanVerdict } from './scan-feedback.js';

export interface ScanBoxHandle {
  /** Puts the cursor in the box (the soft keyboard stays down unless the keyboard button is on). */
  focus(): void;
  /** Empties the box and the shown verdict, e.g. when the screen starts a new carton. */
  clear(): void;
  /** Shows a verdict the screen reached outside the box (a carton closed in a dialog), with its feedback. */
  announce(verdict: ScanVerdict): void;
}

export interface ScanBoxProps {
  /** The screen's decision on one code; answered at once from the device's cache, never the network. */
  onScan: (code: string) => ScanVerdict | Promise<ScanVerdict>;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  /** False while the screen reads what scans are judged on (the device caches, this device's queued
   *  work, a reload's draft): scans wait and are answered in order once it is true. Default true. */
  ready?: boolean;
  /** Shows the camera button (default true). */
  camera?: boolean;
  /** The words under the box before the first scan. */
  idleMessage?: string;
  /** The refusal an Enter on an empty box shows (Dispatch Receive's 'Please enter DispatchId.');
   *  without it an empty Enter does nothing. */
  emptyMessage?: string;
  ref?: Ref<ScanBoxHandle>;
}

/** An open dialog (a confirm, a form, the camera) keeps its own focus: the box does not take it back. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') !== null;

// Memoised: a screen drawn again by a scan (its list, its count) does not draw the box again; pass
// it a stable onScan (bench/floor-scan.bench.ts times scan to visible row).
export const ScanBox = memo(function ScanBox({
  onScan,
  label = en.scan,
  placeholder = en.scanOrType,
  disabled = false,
  ready = true,
  camera = true,
  idleMessage = en.readyToScan,
  emptyMessage,
  ref,
}: ScanBoxProps) {
  const id = useId();
  // The screen's words come in English (its props, the verdicts) and show in the device's language.
  const { say } = useFloorWords();
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<{ verdict: ScanVerdict; n: number } | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  /** Scans taken while not ready, waiting for it. */
  const [waiting, setWaiting] = useState(0);
  const wedge = useMemo(() => createWedge({ isComplete: isWholeCode }), []);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** When the last scanner suffix ended a scan: a second suffix key (CR LF) is not an empty Enter. */
  const lastSuffixAt = useRef(Number.NEGATIVE_INFINITY);

  // Read by listeners and the scan queue, which outlive a render.
  const now = useRef({ onScan, disabled, keyboard, cameraOpen });
  now.current = { onScan, disabled, keyboard, cameraOpen };

  const focus = useCallback(() => input.current?.focus({ preventScroll: true }), []);

  const answer = useCallback((verdict: ScanVerdict) => {
    const f = feedbackOf(verdict);
    playTone(f.tone);
    vibrate(f.vibrate);
    setShown((s) => ({ verdict, n: (s?.n ?? 0) + 1 }));
  }, []);
  const [gate] = useState(() => createReadyGate(ready));
  // Set with `now`, in the render that gives the screen its facts (its onScan reads them), so a scan is
  // never judged between the facts changing and the gate knowing.
  gate.set(ready);
  const submit = useMemo(
    () =>
      createScanQueue(
        (code) => now.current.onScan(code),
        (_code, verdict) => answer(verdict),
        gate.passed,
      ),
    [answer, gate],
  );
  useEffect(() => {
    if (ready) setWaiting(0);
  }, [ready]);

  /** One scan from any source: the box empties at once, ready for the next, and the screen decides. */
  const take = useCallback(
    (raw: string) => {
      clearTimeout(idleTimer.current);
      wedge.reset();
      if (input.current) input.current.value = '';
      setKeyboard(false);
      const code = scanText(raw);
      if (code === null) return;
      if (!gate.open) setWaiting((n) => n + 1);
      void submit(code);
    },
    [submit, wedge, gate],
  );

  // The scanner heard while focus is elsewhere: the scan is this box's (it then takes focus), or this
  // box says why it was not taken.
  useEffect(
    () =>
      registerWedgeTarget({
        area: () => area.current,
        input: () => input.current,
        cameraOpen: () => now.current.cameraOpen,
        accepts: () => !now.current.disabled,
        take: (code) => {
          primeAudio();
          lastSuffixAt.current = performance.now();
          take(code);
          // Its camera panel open, focus stays in the panel (the verdict shows there too).
          if (!now.current.cameraOpen) focus();
        },
        refuse: (verdict) => {
          primeAudio();
          answer(verdict);
          // Under an open dialog (full screen on a handheld) the box's verdict is hidden: a toast shows it.
          if (dialogOpen()) toast.error(floorWords().say(verdict.message));
        },
      }),
    [take, focus, answer],
  );

  useImperativeHandle(
    ref,
    () => ({
      focus,
      clear() {
        clearTimeout(idleTimer.current);
        wedge.reset();
        if (input.current) input.current.value = '';
        setShown(null);
      },
      announce: answer,
    }),
    [focus, wedge, answer],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    primeAudio();
    const verdict = wedge.key(e.key, e.timeStamp);
    if (verdict.scan !== undefined) {
      // The scanner's Enter or Tab: it must neither submit a form nor move focus.
      e.preventDefault();
      lastSuffixAt.current = e.timeStamp;
      take(wholerScan(verdict.scan, e.currentTarget.value));
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      const empty = e.currentTarget.value.trim() === '';
      if (empty && emptyMessage !== undefined && e.timeStamp - lastSuffixAt.current > WEDGE_DEFAULTS.maxGapMs) {
        answer({ ok: false, message: emptyMessage });
        return;
      }
      take(e.currentTarget.value);
      return;
    }
    // A scanner without a suffix: the code is complete once its keys stop and its content is whole.
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => {
      const scan = wedge.idle(performance.now());
      if (scan !== null) take(scan);
    }, WEDGE_DEFAULTS.quietMs + 20);
  };

  // Focus lost to the page itself (a tap on empty space, a toast that closed) comes back to the box;
  // focus given to another field, a button or a dialog stays there.
  useEffect(() => {
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget !== null) return;
      setTimeout(() => {
        const c = now.current;
        if (c.disabled || c.keyboard || c.cameraOpen || dialogOpen()) return;
        const active = document.activeElement;
        if (active === null || active === document.body) focus();
      }, 0);
    };
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusout', onFocusOut);
      clearTimeout(idleTimer.current);
    };
  }, [focus]);

  // Enabled again (the screen finished saving): back to scanning, unless the user is elsewhere.
  useEffect(() => {
    if (!disabled && (document.activeElement === null || document.activeElement === document.body) && !dialogOpen())
      focus();
  }, [disabled, focus]);

  // The keyboard button: Android raises the soft keyboard on focus, so the box is focused anew once
  // its inputmode has changed.
  const toggleKeyboard = useCallback(() => {
    setKeyboard((k) => !k);
    requestAnimationFrame(() => {
      input.current?.blur();
      focus();
    });
  }, [focus]);

  const openCamera = useCallback(() => {
    primeAudio();
    setCameraOpen(true);
  }, []);

  const closeCamera = useCallback(() => {
    setCameraOpen(false);
    requestAnimationFrame(focus);
  }, [focus]);

  const onCameraCode = useCallback(
    (code: string) => {
      if (!now.current.disabled) take(code);
    },
    [take],
  );

  const verdict = shown?.verdict ?? null;
  // Getting ready shows over the last verdict only while scans wait for it.
  const gettingReady = !ready && (verdict === null || waiting > 0);
  return (
    <>
      <div
        ref={area}
        className="ft-scan"
        data-verdict={verdict && !gettingReady ? (verdict.ok ? 'ok' : 'error') : undefined}
        data-disabled={disabled || undefined}
        data-getting-ready={gettingReady || undefined}
        // A tap anywhere on the area (not on its buttons) arms the box.
        onPointerDown={(e) => {
          primeAudio();
          if (!(e.target as HTMLElement).closest('button, input')) {
            e.preventDefault();
            focus();
          }
        }}
      >
        <label className="ft-scan__label" htmlFor={id}>
          {say(label)}
        </label>
        <div className="ft-scan__row">
          <input
            ref={input}
            id={id}
            className="ft-scan__input"
            type="text"
            inputMode={keyboard ? 'text' : 'none'}
            enterKeyHint="done"
            placeholder={say(placeholder)}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            disabled={disabled}
            autoFocus
            // In a dialog (a slip to scan), Mantine's focus trap gives the first focus to this box.
            data-autofocus
            onKeyDown={onKeyDown}
          />
          <ScanButtons
            keyboard={keyboard}
            disabled={disabled}
            camera={camera}
            onKeyboard={toggleKeyboard}
            onCamera={openCamera}
          />
        </div>
        <ScanMessage
          verdict={gettingReady ? null : verdict}
          idle={gettingReady ? gettingReadyText(waiting) : idleMessage}
          live
        />
        <ScanFlash key={shown?.n ?? 0} verdict={verdict} />
      </div>
      {/* Outside the area: React passes a portal's events up its tree, and the area's taps focus the box. */}
      {/* The verdict only while the panel is open (it shows nothing closed): a scan need not draw it. */}
      {camera && (
        <CameraPanel
          opened={cameraOpen}
          onClose={closeCamera}
          onCode={onCameraCode}
          shown={cameraOpen ? shown : null}
        />
      )}
    </>
  );
});

interface ScanButtonsProps {
  keyboard: boolean;
  disabled: boolean;
  camera: boolean;
  onKeyboard: () => void;
  onCamera: () => void;
}

/** The keyboard and camera buttons, apart so that a verdict shown does not draw them again. */
const ScanButtons = memo(function ScanButtons({ keyboard, disabled, camera, onKeyboard, onCamera }: ScanButtonsProps) {
  const { w } = useFloorWords();
  return (
    <>
      <ActionIcon
        size={56}
        variant={keyboard ? 'filled' : 'default'}
        aria-label={w.typeWithKeyboard}
        aria-pressed={keyboard}
        disabled={disabled}
        onClick={onKeyboard}
      >
        <KeyboardIcon />
      </ActionIcon>
      {camera && (
        <ActionIcon size={56} variant="filled" aria-label={w.scanWithCamera} disabled={disabled} onClick={onCamera}>
          <CameraIcon />
        </ActionIcon>
      )}
    </>
  );
});
