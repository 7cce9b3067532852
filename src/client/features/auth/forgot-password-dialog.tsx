// The forgot-password dialog (spec 1 sections 2.6, 4, 9): e-mail only; the call goes 3 s after submit.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordRequest, LOGIN_API } from '@shared/contracts/auth.js';
import { call } from '../../api/call.js';
import { toastEnvelope } from '../../kit/toast.js';

export const FORGOT_DELAY_MS = 3000;

interface Props {
  opened: boolean;
  onClose: () => void;
  initialEmail: string;
}

export function ForgotPasswordDialog({ opened, onClose, initialEmail }: Props) {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { Email: '' },
    validate: schemaResolver(forgotPasswordRequest, { sync: true }),
  });

  // Each opening starts from what was typed on the sign-in screen.
  useEffect(() => {
    if (opened) form.setValues({ Email: initialEmail });
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    await new Promise((resolve) => setTimeout(resolve, FORGOT_DELAY_MS));
    const env = await call(LOGIN_API.forgotPassword, values);
    setBusy(false);
    toastEnvelope(env);
    form.reset();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title="Forgot password" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Enter the e-mail id of your account; a link to reset the password will be sent to it.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" data-autofocus {...form.getInputProps('Email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
