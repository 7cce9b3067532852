// Sign-in (spec 1 sections 2.6, 4, 5.1): Email and Password, errors from the server as a toast.
import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { LOGIN_API, loginRequest } from '@shared/contracts/auth.js';
import { call } from '../../api/call.js';
import { saveSession, sessionFromLogin } from '../../api/session.js';
import { toast } from '../../kit/toast.js';
import { AuthFrame } from './auth-frame.js';
import { ForgotPasswordDialog } from './forgot-password-dialog.js';

export function LoginPage() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useForm({
    initialValues: { Email: '', Password: '' },
    validate: schemaResolver(loginRequest, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const env = await call(LOGIN_API.checkUser, values);
    const result = env.ResponseCode === '200' && Array.isArray(env.ResponseData) ? env.ResponseData[0] : undefined;
    if (result) {
      await saveSession(sessionFromLogin(result));
      navigate('/dashboard', { replace: true });
      return;
    }
    setBusy(false);
    toast.error(env.ResponseMessage);
  });

  return (
    <AuthFrame title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="username" {...form.getInputProps('Email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('Password')} />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen(true)}>
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
      <ForgotPasswordDialog opened={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={form.values.Email} />
    </AuthFrame>
  );
}
