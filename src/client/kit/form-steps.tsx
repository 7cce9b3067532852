// A form in steps, as tabs (the product form, spec 1 sections 2.11 and 4): a later tab opens only
// after 'Next' finds the earlier steps' fields valid; the last step submits.
import { Button, Group, Stack, Tabs } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FieldInput } from './field-input.js';
import type { FieldDef, FormValues } from './form-values.js';

export interface FormStep {
  /** The tab's label. */
  label: string;
  /** The names of the fields on this tab, in order. */
  fields: readonly string[];
}

export interface FormStepsProps {
  steps: readonly FormStep[];
  fields: readonly FieldDef[];
  form: UseFormReturnType<FormValues>;
  editing: boolean;
  /** The tab shown, and the furthest tab opened by 'Next'. */
  step: number;
  unlocked: number;
  onStep: (step: number, unlocked: number) => void;
  submitLabel: string;
  saving: boolean;
}

/** Validates one step's fields only (the others may still be empty); answers whether all pass. */
export function stepValid(form: UseFormReturnType<FormValues>, step: FormStep): boolean {
  return step.fields.map((name) => form.validateField(name).hasError).every((bad) => !bad);
}

/** The first step holding one of the given error fields, or -1. */
export function stepWithError(steps: readonly FormStep[], errors: Record<string, unknown>): number {
  return steps.findIndex((s) => s.fields.some((f) => errors[f] !== undefined && errors[f] !== null));
}

export function FormSteps({
  steps,
  fields,
  form,
  editing,
  step,
  unlocked,
  onStep,
  submitLabel,
  saving,
}: FormStepsProps) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const last = steps.length - 1;
  const next = () => {
    if (stepValid(form, steps[step]!)) onStep(step + 1, Math.max(unlocked, step + 1));
  };

  return (
    <Tabs value={String(step)} onChange={(v) => v !== null && onStep(Number(v), unlocked)} keepMounted={false}>
      <Tabs.List mb="sm">
        {steps.map((s, i) => (
          <Tabs.Tab key={s.label} value={String(i)} disabled={i > unlocked}>
            {s.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {steps.map((s, i) => (
        <Tabs.Panel key={s.label} value={String(i)}>
          <Stack gap="sm">
            {s.fields.map((name) => {
              const f = byName.get(name);
              return f ? <FieldInput key={name} field={f} form={form} editing={editing} /> : null;
            })}
            <Group justify="flex-end" mt="sm">
              {i < last ? (
                <Button type="button" onClick={next}>
                  Next
                </Button>
              ) : (
                <Button type="submit" loading={saving}>
                  {submitLabel}
                </Button>
              )}
            </Group>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
