// Sign-out with work on the device not yet settled warns first: the entries stay (sign-out never
// clears the outbox) and go when the same user signs in here again.
import { Stack, Text } from '@mantine/core';
import { confirmAction } from './confirm.js';
import { floorWords } from '../../floor/words/floor-lang.js';

/** True when the user still wants to sign out; `kept` counts waiting and rejected entries. */
export function confirmSignOut(kept: { waiting: number; rejected: number }, userName: string): Promise<boolean> {
  const total = kept.waiting + kept.rejected;
  const { w } = floorWords();
  return confirmAction({
    title: w.signOutTitle,
    body: (
      <Stack gap="xs">
        <Text fw={600}>{w.signOutCount(total, kept.rejected)}</Text>
        <Text>{w.signOutKept(total, userName)}</Text>
      </Stack>
    ),
    yes: w.signOut,
    no: w.staySignedIn,
  });
}
