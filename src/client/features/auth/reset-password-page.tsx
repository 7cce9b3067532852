// The reset link's page (/reset-password?token=...): new password twice, then back to sign-in after 2 s.
import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LOGIN_API, MSG, resetPasswordRequest } from '@shared/contracts/auth.js';
import { PASSWORD_MESSAGE } from '@shared/contracts/fields.js';
import { call } from '../../api/call.js';
import { toast, toastEnvelope } from '../../kit/toast.js';
import { AuthFrame } from './auth-frame.js';

export const REDIRECT_MS = 2000;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const token = params.get('token') ?? '';
  const form = useForm({
    initialValues: { Token: token, NewPassword: '', ConfirmPassword: '' },
    validate: schemaResolver(resetPasswordRequest, { sync: true }),
  });
  // The token is not a field; a bad one is told once, above the form.
  const tokenProblem = token.length < 10 || Boolean(form.errors.Token);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const env = await call(LOGIN_API.resetPassword, values);
    if (env.ResponseCode === '200') {
      toast.success(env.ResponseMessage);
      setDone(true);
      setTimeout(() => navigate('/login', { replace: true }), REDIRECT_MS);
      return;
    }
    setBusy(false);
    toastEnvelope(env);
  });

  return (
    <AuthFrame title="Reset password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {tokenProblem && (
            <Alert color="red" variant="light">
              {MSG.resetInvalid}
            </Alert>
          )}
          <PasswordInput
            label="New Password"
            description={PASSWORD_MESSAGE}
            autoComplete="new-password"

            {...form.getInputProps('NewPassword')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('ConfirmPassword')}
          />
          <Button type="submit" fullWidth loading={busy} disabled={done || token.length < 10}>
            Submit
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
