// My profile (spec 1 sections 2.2, 5.14): user name read-only, e-mail and mobile editable.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { ME_API, updateProfileRequest, type CurrentUser } from '@shared/contracts/auth.js';
import { fieldLimits } from '@shared/field-limits.js';
import { call } from '../../api/call.js';
import { toastEnvelope } from '../../kit/toast.js';

/** The mobile box stops at the contract's length. */
const LIMITS = fieldLimits(updateProfileRequest);

export function ProfilePage() {
  const [me, setMe] = useState<CurrentUser | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { Email: '', MobileNo: '' },
    validate: schemaResolver(updateProfileRequest, { sync: true }),
  });

  useEffect(() => {
    let live = true;
    void call(ME_API.getUser, undefined).then((env) => {
      const user = env.ResponseCode === '200' && Array.isArray(env.ResponseData) ? env.ResponseData[0] : undefined;
      if (!live || !user) return;
      setMe(user);
      form.setValues({ Email: user.Email, MobileNo: user.MobileNo });
      form.resetDirty({ Email: user.Email, MobileNo: user.MobileNo });
    });
    return () => {
      live = false;
    };
  }, []);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    toastEnvelope(await call(ME_API.updateProfile, values));
    setBusy(false);
  });

  return (
    <Paper withBorder p="lg" maw={560}>
      <Title order={1} fz="h3" mb="md">
        Profile
      </Title>
      {me?.IsResetPassword && (
        <Alert color="yellow" variant="light" mb="md">
          Your password must be changed. <Link to="/change-password">Change Password</Link>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="User Name" value={me?.Username ?? ''} readOnly variant="filled" />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('Email')} />
          <TextInput
            label="Mobile No"
            type="tel"
            inputMode="numeric"
            maxLength={LIMITS.MobileNo?.maxLength}
            autoComplete="tel"

            {...form.getInputProps('MobileNo')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!me}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
