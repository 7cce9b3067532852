// One outbox entry on the Pending work screen: what, when, state, attempts, the server's reason and,
// for a refusal, the items at fault with Resend and Discard. Buttons are 48 px: a gloved thumb.
import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { refusedItems } from '@shared/contracts/refusal.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import type { Trimmed } from '../../floor/work/without-refused.js';
import { deviceTime, entryState } from './entry-state.js';
import { useFloorWords } from '../../floor/words/floor-lang.js';
import type { Words } from '../../floor/words/words.js';

interface Props {
  entry: OutboxEntry;
  now: number;
  onResend?: (entry: OutboxEntry) => void;
  onDiscard?: (entry: OutboxEntry) => void;
  /** The entry without the refused items, where its save can send the rest (withoutRefused). */
  trimmed?: Trimmed | null;
  onSendTrimmed?: (entry: OutboxEntry, trimmed: Trimmed) => void;
}

/** A label that wraps rather than being cut (a printed number is long on a 360 px screen). */
const WRAP = { label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

/** "Send without KA12" / "Send without 3 refused". */
const trimText = (w: Words, t: Trimmed) =>
  w.sendWithout(t.removed.length === 1 ? t.removed[0]! : w.nRefused(t.removed.length));

export function EntryCard({ entry, now, onResend, onDiscard, trimmed, onSendTrimmed }: Props) {
  const state = entryState(entry, now);
  // Kept in English on the device (the label, the server's reasons): said in the device's language.
  const { w, say } = useFloorWords();
  const label = say(entry.label);
  const rejected = entry.status === 'rejected';
  const items = rejected ? refusedItems(entry.answer?.data) : [];
  // The same items again get the same refusal: Resend is for a refusal that names none (what it
  // waited on may since have reached the server).
  const resend = items.length === 0 ? onResend : undefined;
  const sendTrimmed = trimmed && onSendTrimmed ? () => onSendTrimmed(entry, trimmed) : undefined;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-label={label}
      style={rejected ? { borderColor: 'var(--mantine-color-red-8)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          <Badge color={state.color} autoContrast variant="filled" size="lg" radius="sm" style={{ flexShrink: 0 }}>
            {say(state.label)}
          </Badge>
        </Group>
        <Text size="sm">
          {deviceTime(entry.deviceTime)} · {w.attempts(entry.attempts)}
        </Text>
        {state.reason && (
          <Text size="sm" fw={rejected ? 600 : 400} c={rejected ? 'red.9' : undefined}>
            {rejected ? w.serverSaid(say(state.reason)) : say(state.reason)}
          </Text>
        )}
        {items.length > 0 && (
          <List size="sm" spacing={2} aria-label={w.itemsAtFault}>
            {items.map((item) => (
              <List.Item key={`${item.Code}-${item.Reason}`}>
                <Text span fw={600} ff="monospace">
                  {item.Code}
                </Text>
                : {say(item.Reason)}
              </List.Item>
            ))}
          </List>
        )}
        {rejected && (resend || sendTrimmed || onDiscard) && (
          <Group grow gap="xs" mt={4}>
            {sendTrimmed && (
              <Button variant="default" mih={48} h="auto" py={6} styles={WRAP} onClick={sendTrimmed}>
                {trimText(w, trimmed!)}
              </Button>
            )}
            {resend && (
              <Button variant="default" mih={48} onClick={() => resend(entry)}>
                {w.resend}
              </Button>
            )}
            {onDiscard && (
              <Button color="red.8" mih={48} onClick={() => onDiscard(entry)}>
                {w.discard}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
