// Sign-out with work on the device not yet settled warns first: the entries stay (sign-out never
// clears the outbox) and go when the same user signs in here again.
import { Stack, Text } from '@mantine/core';
import { confirmAction } from './confirm.js';

/** True when the user still wants to sign out; `kept` counts waiting and rejected entries. */
export function confirmSignOut(kept: { waiting: number; rejected: number }, userName: string): Promise<boolean> {
  const total = kept.waiting + kept.rejected;
  return confirmAction({
    title: 'Sign out with work waiting?',
    body: (
      <Stack gap="xs">
        <Text fw={600}>
          {total === 1 ? '1 entry has' : `${total} entries have`} not reached the server
          {kept.rejected > 0 ? ` (${kept.rejected} rejected)` : ''}.
        </Text>
        <Text>
          {total === 1 ? 'It is' : 'They are'} kept on this device and sent when {userName || 'you'} sign
          {userName ? 's' : ''} in here again. Rejected entries wait for you on the Pending work screen.
        </Text>
      </Stack>
    ),
    yes: 'Sign out',
    no: 'Stay signed in',
  });
}
