// Change password (spec 1 sections 4, 5.14): on success the session ends and sign-in follows after 2 s.
import { useState } from 'react';
import { Button, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { changePasswordRequest, ME_API } from '@shared/contracts/auth.js';
import { PASSWORD_MESSAGE } from '@shared/contracts/fields.js';
import { call } from '../../api/call.js';
import { clearSession, useSession } from '../../api/session.js';
import { toast, toastEnvelope } from '../../kit/toast.js';

export const REDIRECT_MS = 2000;

export function ChangePasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: {
      UserName: session?.UserName ?? '',
      UserId: session?.UserId ?? 0,
      OldPassword: '',
      NewPassword: '',
    },
    validate: schemaResolver(changePasswordRequest, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const env = await call(ME_API.changePassword, values);
    if (env.ResponseCode === '200') {
      toast.success(env.ResponseMessage);
      setDone(true);
      // The session goes with the redirect, so the shell does not leave before the 2 s are up.
      setTimeout(() => {
        void clearSession().then(() => navigate('/login', { replace: true }));
      }, REDIRECT_MS);
      return;
    }
    setBusy(false);
    toastEnvelope(env);
  });

  return (
    <Paper withBorder p="lg" maw={560}>
      <Title order={1} fz="h3" mb="md">
        Change Password
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="User Name" value={form.values.UserName} readOnly variant="filled" />
          <PasswordInput label="Old Password" autoComplete="current-password" {...form.getInputProps('OldPassword')} />
          <PasswordInput
            label="New Password"
            description={PASSWORD_MESSAGE}
            autoComplete="new-password"

            {...form.getInputProps('NewPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={done}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
