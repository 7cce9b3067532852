// The header's way to Pending work: how many entries wait and, in red, how many the server refused.
// Always there (a zero too), a 48 px target; a spinner while a drain sends.
import { Badge, Group, Loader, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useOutboxStatus } from '../../offline/use-outbox-status.js';
import { useFloorWords } from '../../floor/words/floor-lang.js';

export const PENDING_WORK_PATH = '/pending-work';

/** An outbox tray with an arrow up: work on its way to the server. */
const OutboxIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M4 14v5a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-5" />
    <path d="M12 15V4M8 8l4-4 4 4" />
  </svg>
);

export function PendingLink() {
  const { waiting, rejected, draining, known } = useOutboxStatus();
  const { w } = useFloorWords();
  const name = w.pendingLink(waiting, rejected);
  return (
    <UnstyledButton
      component={Link}
      to={PENDING_WORK_PATH}
      aria-label={name}
      title={name}
      mih={48}
      miw={48}
      style={{ flexShrink: 0 }}
    >
      <Group gap={2} wrap="nowrap" justify="center" h={48}>
        {draining ? <Loader size={18} color="blue.8" aria-hidden="true" /> : <OutboxIcon />}
        {known && (
          <Badge
            color={waiting > 0 ? 'blue.8' : 'gray.7'}
            variant={waiting > 0 ? 'filled' : 'outline'}
            size="lg"
            radius="xl"
            px={7}
          >
            {waiting}
          </Badge>
        )}
        {rejected > 0 && (
          <Badge color="red.8" variant="filled" size="lg" radius="xl" px={7}>
            {rejected}!
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}
