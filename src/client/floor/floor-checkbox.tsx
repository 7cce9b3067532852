// A checkbox on a floor screen (issue 27 item 9): the box and its words are one label at least 48 px
// each way, so a gloved thumb anywhere on it ticks it (Mantine's box alone is 30 or 36 px, and its
// padding is not part of the target).
import { Checkbox } from '@mantine/core';
import type { ChangeEvent, MouseEvent, ReactNode } from 'react';
import './floor-checkbox.css';

export interface FloorCheckboxProps {
  /** The words beside the box; without them, `aria-label` names it. */
  label?: ReactNode;
  'aria-label'?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  /** On the whole target (a table row's click can be stopped here). */
  onClick?: (e: MouseEvent<HTMLLabelElement>) => void;
}

export function FloorCheckbox({ label, checked, disabled, onChange, onClick, ...rest }: FloorCheckboxProps) {
  return (
    <label
      className="ft-check"
      data-disabled={disabled || undefined}
      data-labelled={label ? true : undefined}
      onClick={onClick}
    >
      <Checkbox size="lg" checked={checked} disabled={disabled} onChange={onChange} aria-label={rest['aria-label']} />
      {label !== undefined && <span className="ft-check__label">{label}</span>}
    </label>
  );
}
