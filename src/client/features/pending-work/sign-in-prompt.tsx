// Asks the user to sign in again when the outbox found the session ended (its refresh refused): the
// entries wait on the device, and a new sign-in sends them (DESIGN section 5). Draws nothing itself.
import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { clearSession } from '../../api/session.js';
import { useOutboxStatus } from '../../offline/use-outbox-status.js';
import { useFloorWords } from '../../floor/words/floor-lang.js';

const ID = 'outbox-sign-in';

export function SignInPrompt() {
  const { signInNeeded, waiting } = useOutboxStatus();
  const { w } = useFloorWords();
  useEffect(() => {
    if (!signInNeeded) {
      notifications.hide(ID);
      return;
    }
    notifications.show({
      id: ID,
      color: 'violet',
      title: w.signInAgain,
      autoClose: false,
      withBorder: true,
      message: (
        <Stack gap="xs">
          <Text size="sm">{w.sessionEndedWaiting(waiting)}</Text>
          {/* The session is over on the server already: forgetting it here leads to the sign-in screen. */}
          <Button mih={48} onClick={() => void clearSession().then(() => notifications.hide(ID))}>
            {w.signIn}
          </Button>
        </Stack>
      ),
    });
  }, [signInNeeded, waiting, w]);
  useEffect(
    () => () => {
      notifications.hide(ID);
    },
    [],
  );
  return null;
}
