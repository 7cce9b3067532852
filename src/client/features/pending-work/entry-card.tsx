// One outbox entry on the Pending work screen: what, when, state, attempts, the server's reason and,
// for a refusal, the items at fault with Resend and Discard. Buttons are 48 px: a gloved thumb.
import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { refusedItems } from '@shared/contracts/refusal.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import type { Trimmed } from '../../floor/work/without-refused.js';
import { deviceTime, entryState } from './entry-state.js';

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
const trimText = (t: Trimmed) =>
  `Send without ${t.removed.length === 1 ? t.removed[0] : `${t.removed.length} refused`}`;

export function EntryCard({ entry, now, onResend, onDiscard, trimmed, onSendTrimmed }: Props) {
  const state = entryState(entry, now);
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
      aria-label={entry.label}
      style={rejected ? { borderColor: 'var(--mantine-color-red-8)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {entry.label}
          </Text>
          <Badge color={state.color} autoContrast variant="filled" size="lg" radius="sm" style={{ flexShrink: 0 }}>
            {state.label}
          </Badge>
        </Group>
        <Text size="sm">
          {deviceTime(entry.deviceTime)} · {entry.attempts === 1 ? '1 attempt' : `${entry.attempts} attempts`}
        </Text>
        {state.reason && (
          <Text size="sm" fw={rejected ? 600 : 400} c={rejected ? 'red.9' : undefined}>
            {rejected ? `Server: ${state.reason}` : state.reason}
          </Text>
        )}
        {items.length > 0 && (
          <List size="sm" spacing={2} aria-label="Items at fault">
            {items.map((item) => (
              <List.Item key={`${item.Code}-${item.Reason}`}>
                <Text span fw={600} ff="monospace">
                  {item.Code}
                </Text>
                : {item.Reason}
              </List.Item>
            ))}
          </List>
        )}
        {rejected && (resend || sendTrimmed || onDiscard) && (
          <Group grow gap="xs" mt={4}>
            {sendTrimmed && (
              <Button variant="default" mih={48} h="auto" py={6} styles={WRAP} onClick={sendTrimmed}>
                {trimText(trimmed!)}
              </Button>
            )}
            {resend && (
              <Button variant="default" mih={48} onClick={() => resend(entry)}>
                Resend
              </Button>
            )}
            {onDiscard && (
              <Button color="red.8" mih={48} onClick={() => onDiscard(entry)}>
                Discard
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
