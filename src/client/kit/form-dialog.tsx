// The add/update dialog of a master (spec 1 section 4): validated by the same zod contract as the
// server, so field messages match; '200' closes and reloads, '400' warns and stays open.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';
import { postTo, type ApiTarget } from './api-target.js';
import { FieldInput } from './field-input.js';
import { FormSteps, stepWithError, type FormStep } from './form-steps.js';
import { addValues, editValues, payloadOf, withLimits, type FieldDef, type FormValues } from './form-values.js';
import { toast } from './toast.js';

export interface FormSpec {
  contract: z.ZodType;
  fields: readonly FieldDef[];
  /** The record id field: 0 adds, any other value updates. */
  idField: string;
  savePath: ApiTarget;
  /** What the record is called in titles: 'Add Carton' / 'Update Carton'. */
  noun: string;
  addTitle?: string;
  updateTitle?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Values every save sends but no field shows (IsFactory on the sites screens, a user type). */
  fixed?: FormValues;
  /** Reads a list row into form values when the row names fields differently (WCode -> Wcode). */
  fromRow?: (row: object) => object;
  /** Added to the server's success message (the category forms add ' Successfully', spec 1 section 5.12). */
  successSuffix?: string;
  /** Tabs filled in order ('Next' opens the next once these fields pass); absent, one plain form. */
  steps?: readonly FormStep[];
  /** A warning shown above the fields when updating (the product form's category warning). */
  editNotice?: string;
}

export interface FormDialogProps {
  spec: FormSpec;
  opened: boolean;
  /** The row being edited, or null to add. */
  editing: object | null;
  onClose: () => void;
  onSaved: () => void;
}

export function FormDialog({ spec, opened, editing, onClose, onSaved }: FormDialogProps) {
  const [saving, setSaving] = useState(false);
  // Asterisks and max lengths come from the contract the form validates with.
  const fields = useMemo(() => withLimits(spec.fields, spec.contract), [spec.fields, spec.contract]);
  const [steps, setSteps] = useState({ step: 0, unlocked: 0 });
  const validateContract = schemaResolver(spec.contract, { sync: true });
  const form = useForm<FormValues>({
    initialValues: addValues(spec.fields, spec.idField),
    // Validate what will be sent, so a strict contract never sees a form-only value.
    validate: (values) => validateContract(payloadOf(values, spec.contract)),
  });

  // Each opening starts from the row (Update) or from empty values (Add).
  useEffect(() => {
    if (!opened) return;
    const row = editing && spec.fromRow ? spec.fromRow(editing) : editing;
    const values = {
      ...(row ? editValues(spec.fields, spec.idField, row) : addValues(spec.fields, spec.idField)),
      ...spec.fixed,
    };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setSteps({ step: 0, unlocked: 0 });
    // `form` is a new object each render; only the opening matters here.
  }, [opened, editing, spec]);

  const close = () => {
    form.setValues(addValues(spec.fields, spec.idField));
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit(
    async (values) => {
      setSaving(true);
      const env = await postTo(spec.savePath, payloadOf(values, spec.contract));
      setSaving(false);
      if (env.ResponseCode === '200') {
        toast.success(env.ResponseMessage + (spec.successSuffix ?? ''));
        close();
        onSaved();
      } else if (env.ResponseCode === '400') {
        toast.warn(env.ResponseMessage);
      } else {
        toast.error(env.ResponseMessage);
      }
    },
    (errors) => {
      // A field failing on another tab: show that tab.
      const at = spec.steps ? stepWithError(spec.steps, errors) : -1;
      if (at >= 0) setSteps((s) => ({ step: at, unlocked: Math.max(s.unlocked, at) }));
    },
  );

  const title = editing ? (spec.updateTitle ?? `Update ${spec.noun}`) : (spec.addTitle ?? `Add ${spec.noun}`);
  return (
    <Modal opened={opened} onClose={close} title={title} size={spec.size ?? 'md'} centered>
      <form onSubmit={submit} noValidate>
        {editing && spec.editNotice && (
          <Alert color="yellow" mb="sm">
            {spec.editNotice}
          </Alert>
        )}
        {spec.steps ? (
          <FormSteps
            steps={spec.steps}
            fields={fields}
            form={form}
            editing={editing !== null}
            saving={saving}
            step={steps.step}
            unlocked={steps.unlocked}
            onStep={(step, unlocked) => setSteps({ step, unlocked })}
            submitLabel={editing ? 'Update' : 'Submit'}
          />
        ) : (
          <Stack gap="sm">
            {fields.map((f) => (
              <FieldInput key={f.name} field={f} form={form} editing={editing !== null} />
            ))}
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={saving}>
                {editing ? 'Update' : 'Submit'}
              </Button>
            </Group>
          </Stack>
        )}
      </form>
    </Modal>
  );
}
