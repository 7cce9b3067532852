// The red screen (issue 27 item 5): the device's store has lost work the server never got. It covers
// the whole screen, names the work by its sequence numbers, how many and when, and stays until the
// person confirms they have read it: the office must hear of it, and the cartons be packed again.
import { useSyncExternalStore } from 'react';
import { Box, Button, List, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@shared/cell-format.js';
import { getStoreLoss, subscribeStoreLoss, type StoreLoss } from '../../offline/store-loss-status.js';
import { seqRuns } from '../../offline/store-gap.js';

export const STORE_LOSS_TEXT = {
  title: 'Work lost on this device',
  lost: (n: number) =>
    `${n} ${n === 1 ? 'entry' : 'entries'} of work done on this device never reached the server and ${n === 1 ? 'is' : 'are'} no longer on it.`,
  numbers: (runs: string) => `Entry numbers: ${runs}`,
  after: (at: string) => `Done after ${at}`,
  before: (at: string) => `Done before ${at}`,
  browser: 'The browser reported that it lost this device’s stored data.',
  tell: 'Tell the office, and scan this work again.',
  confirm: 'I have told the office',
} as const;

function LossText({ loss }: { loss: StoreLoss }) {
  const n = loss.missing.length;
  return (
    <Stack gap="sm">
      {n > 0 && <Text fz="lg">{STORE_LOSS_TEXT.lost(n)}</Text>}
      {loss.browserSaid && <Text fz="lg">{STORE_LOSS_TEXT.browser}</Text>}
      <List fz="md" c="white">
        {n > 0 && <List.Item>{STORE_LOSS_TEXT.numbers(seqRuns(loss.missing))}</List.Item>}
        {loss.after !== null && <List.Item>{STORE_LOSS_TEXT.after(formatDateTime(loss.after))}</List.Item>}
        {loss.before !== null && <List.Item>{STORE_LOSS_TEXT.before(formatDateTime(loss.before))}</List.Item>}
      </List>
      <Text fz="lg" fw={700}>
        {STORE_LOSS_TEXT.tell}
      </Text>
    </Stack>
  );
}

export function StoreLossScreen() {
  const loss = useSyncExternalStore(subscribeStoreLoss, getStoreLoss, getStoreLoss);
  if (!loss) return null;
  return (
    <Box
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="store-loss-title"
      pos="fixed"
      inset={0}
      bg="red.9"
      c="white"
      p="lg"
      style={{ zIndex: 1000, overflowY: 'auto' }}
    >
      <Stack gap="lg" maw={560} mx="auto">
        <Title order={1} id="store-loss-title" c="white">
          {STORE_LOSS_TEXT.title}
        </Title>
        <LossText loss={loss} />
        <Button size="lg" mih={48} color="white" variant="white" c="red.9" onClick={() => void loss.confirm()}>
          {STORE_LOSS_TEXT.confirm}
        </Button>
      </Stack>
    </Box>
  );
}
