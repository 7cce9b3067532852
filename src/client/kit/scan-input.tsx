// The one scan box (DESIGN section 6): a keyboard-wedge scanner types the code fast and ends with
// Enter, a person types and presses Enter; either way `onScan` gets the trimmed text. The screen
// decides what a scan means and clears or focuses the box through its handle.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';

export interface ScanInputHandle {
  /** Empties the box; focuses it too unless told not to. */
  clear(focus?: boolean): void;
  focus(): void;
  /** The text in the box now (trimmed), for a screen that reads a box whose Enter was never pressed. */
  value(): string;
}

export interface ScanInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'onKeyDown' | 'ref'
> {
  onScan: (text: string) => void;
  ref?: Ref<ScanInputHandle>;
}

export function ScanInput({ onScan, ref, autoComplete = 'off', ...rest }: ScanInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');

  useImperativeHandle(
    ref,
    () => ({
      clear(focus = true) {
        setText('');
        if (focus) input.current?.focus();
      },
      focus: () => input.current?.focus(),
      value: () => (input.current?.value ?? '').trim(),
    }),
    [],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // A scanner's Enter must not submit a surrounding form; read the box itself, not a stale render.
    e.preventDefault();
    const scanned = e.currentTarget.value.trim();
    if (scanned !== '') onScan(scanned);
  };

  return (
    <TextInput
      ref={input}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      autoComplete={autoComplete}
      spellCheck={false}
      {...rest}
    />
  );
}
