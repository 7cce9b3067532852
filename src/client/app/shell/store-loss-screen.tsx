// The red screen (issue 27 item 5): the device's store has lost work the server never got. It covers
// the whole screen, names the work by its sequence numbers, how many and when, and stays until the
// person confirms they have read it: the office must hear of it, and the cartons be packed again. In the
// floor's language (floor/words).
import { useSyncExternalStore } from 'react';
import { Box, Button, List, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@shared/cell-format.js';
import { getStoreLoss, subscribeStoreLoss, type StoreLoss } from '../../offline/store-loss-status.js';
import { seqRuns } from '../../offline/store-gap.js';
import { useFloorWords, type Words } from '../../floor/words/index.js';

function LossText({ loss, w }: { loss: StoreLoss; w: Words }) {
  const n = loss.missing.length;
  return (
    <Stack gap="sm">
      {n > 0 && <Text fz="lg">{w.lossCount(n)}</Text>}
      {loss.browserSaid && <Text fz="lg">{w.lossBrowser}</Text>}
      <List fz="md" c="white">
        {n > 0 && <List.Item>{w.lossNumbers(seqRuns(loss.missing))}</List.Item>}
        {loss.after !== null && <List.Item>{w.lossAfter(formatDateTime(loss.after))}</List.Item>}
        {loss.before !== null && <List.Item>{w.lossBefore(formatDateTime(loss.before))}</List.Item>}
      </List>
      <Text fz="lg" fw={700}>
        {w.lossTell}
      </Text>
    </Stack>
  );
}

export function StoreLossScreen() {
  const loss = useSyncExternalStore(subscribeStoreLoss, getStoreLoss, getStoreLoss);
  // In the device's language: it is the operator's screen.
  const { w } = useFloorWords();
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
          {w.lossTitle}
        </Title>
        <LossText loss={loss} w={w} />
        <Button size="lg" mih={48} color="white" variant="white" c="red.9" onClick={() => void loss.confirm()}>
          {w.lossConfirm}
        </Button>
      </Stack>
    </Box>
  );
}
