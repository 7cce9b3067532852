// Asks the user to sign in again when the outbox found the session ended (its refresh refused): the
// entries wait on the device, and a new sign-in sends them (DESIGN section 5). Draws nothing itself.
import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { clearSession } from '../../api/session.js';
import { useOutboxStatus } from '../../offline/use-outbox-status.js';

const ID = 'outbox-sign-in';

export function SignInPrompt() {
  const { signInNeeded, waiting } = useOutboxStatus();
  useEffect(() => {
    if (!signInNeeded) {
      notifications.hide(ID);
      return;
    }
    notifications.show({
      id: ID,
      color: 'violet',
      title: 'Please sign in again',
      autoClose: false,
      withBorder: true,
      message: (
        <Stack gap="xs">
          <Text size="sm">
            Your session has ended. {waiting === 1 ? '1 entry waits' : `${waiting} entries wait`} on this device and
            {waiting === 1 ? ' is' : ' are'} sent after you sign in.
          </Text>
          {/* The session is over on the server already: forgetting it here leads to the sign-in screen. */}
          <Button mih={48} onClick={() => void clearSession().then(() => notifications.hide(ID))}>
            Sign in
          </Button>
        </Stack>
      ),
    });
  }, [signInNeeded, waiting]);
  useEffect(
    () => () => {
      notifications.hide(ID);
    },
    [],
  );
  return null;
}
