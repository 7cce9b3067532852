// Pending work (DESIGN section 5): the signed-in user's outbox entries not yet settled, in queue order
// (the order they are sent in, so the one holding the rest up is on top, and a refusal sits where its
// work was done); Send now; a refusal's reason and items, with Send without the refused items (a
// carton under the same slip), Resend where the refusal names none, and Discard after a confirmation.
// Sent entries hide behind a toggle, newest first. Nothing here removes an entry unasked.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSession } from '../../api/session.js';
import { PageArrows } from '../../kit/page-arrows.js';
import { ScreenHeader } from '../../kit/screen-header.js';
import { toast } from '../../kit/toast.js';
import { localDb } from '../../offline/db.js';
import { kickOutbox, sendOutboxNow } from '../../offline/drain-triggers.js';
import { useOnline } from '../../offline/network-status.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import { discardEntry, resendEntry, reviseEntry } from '../../offline/outbox.js';
import { withoutRefused } from '../../floor/work/registry.js';
import type { Trimmed } from '../../floor/work/without-refused.js';
import { refusedItems } from '@shared/contracts/refusal.js';
import { useOutboxStatus } from '../../offline/use-outbox-status.js';
import { confirmAction } from './confirm.js';
import { openPage } from './open-page.js';
import { EntryCard } from './entry-card.js';
import { useFloorWords } from '../../floor/words/floor-lang.js';

/** Sent entries shown when asked: the latest ones (the server has them all). */
const SENT_SHOWN = 50;
/** Open entries drawn at a time: a full shift queued offline is 6,000 cartons, and drawing every card
 *  took the screen seconds on a handheld's CPU (bench/floor-scan.bench.ts --pending). */
export const PENDING_PAGE_SIZE = 50;

/** The server's messages end with their own full stop (most of the spec's do); others get one. */
const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export function PendingWorkPage() {
  const userId = useSession()?.UserId ?? -1;
  const online = useOnline();
  const status = useOutboxStatus();
  const [showSent, setShowSent] = useState(false);
  const [sending, setSending] = useState(false);
  // The server's reasons and the entries' labels are kept in English; they show in the device's language.
  const { w, say } = useFloorWords();
  const [page, setPage] = useState(1);

  const open = useLiveQuery(() => openPage(localDb, userId, page, PENDING_PAGE_SIZE), [userId, page]);
  const doneKeys = () => localDb.outbox.where('[userId+status]').equals([userId, 'done']);
  const sentCount = useLiveQuery(() => doneKeys().count(), [userId]) ?? 0;
  const sent =
    useLiveQuery(
      () =>
        showSent
          ? doneKeys()
              .primaryKeys()
              .then((seqs) => localDb.outbox.bulkGet(seqs.sort((a, b) => b - a).slice(0, SENT_SHOWN)))
              .then((es) => es.filter((e): e is OutboxEntry => e !== undefined))
          : [],
      [userId, showSent],
    ) ?? [];
  const now = Date.now();
  const waiting = open?.waiting ?? 0;
  const rejected = open?.rejected ?? 0;
  const total = open?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PENDING_PAGE_SIZE));
  const current = open?.page ?? 1;
  const from = (current - 1) * PENDING_PAGE_SIZE;
  const shown = open?.entries;

  const sendNow = async () => {
    if (!navigator.onLine) {
      toast.info(w.sentOffline);
      return;
    }
    setSending(true);
    try {
      await sendOutboxNow();
    } finally {
      setSending(false);
    }
  };

  const resend = async (e: OutboxEntry) => {
    if (!(await resendEntry(localDb, e.id))) return;
    toast.info(w.sentAgain(say(e.label)));
    void kickOutbox();
  };

  const sendTrimmed = async (e: OutboxEntry, t: Trimmed) => {
    const names = t.removed.join(', ');
    const yes = await confirmAction({
      title: w.sendWithoutAsk(t.removed.length === 1 ? names : w.nRefused(t.removed.length)),
      body: (
        <Stack gap="xs">
          <Text fw={600}>{say(e.label)}</Text>
          <Text>{w.takeOut(names)}</Text>
          <Text fw={600}>{say(t.label)}</Text>
        </Stack>
      ),
      yes: w.takenOut,
      no: w.notNow,
      color: 'green.8',
    });
    if (yes && (await reviseEntry(localDb, e.id, { payload: t.payload, label: t.label }))) {
      toast.info(w.sentAgain(say(t.label)));
      void kickOutbox();
    }
  };

  const discard = async (e: OutboxEntry) => {
    const yes = await confirmAction({
      title: w.discardTitle,
      body: (
        <Stack gap="xs">
          <Text fw={600}>{say(e.label)}</Text>
          <Text>{w.serverRefusedIt(asSentence(e.answer?.message ? say(e.answer.message) : w.noReason))}</Text>
          <Text>{w.discardBody}</Text>
        </Stack>
      ),
      yes: w.discard,
      no: w.keepIt,
    });
    if (yes && (await discardEntry(localDb, e.id))) toast.success(w.discarded(say(e.label)));
  };

  return (
    <Stack gap="sm" maw={720}>
      <ScreenHeader
        title={w.pendingWork}
        breadcrumb={w.dashboard}
        actions={
          <Button
            mih={48}
            size="md"
            loading={sending || status.draining}
            disabled={waiting === 0}
            onClick={() => void sendNow()}
          >
            {w.sendNow}
          </Button>
        }
      />
      <Text role="status" fw={500}>
        {w.counts(waiting, rejected)}
        {online ? '' : w.offlineCounts}
      </Text>
      {status.signInNeeded && (
        <Alert color="violet" variant="light" title={w.signInAgain}>
          {w.sessionEnded}
        </Alert>
      )}
      {status.otherUsers > 0 && <Text size="sm">{w.otherUsers(status.otherUsers)}</Text>}
      {/* Above the list: the next page is a tap away without scrolling past 50 cards. */}
      {total > PENDING_PAGE_SIZE && (
        <PageArrows
          page={current}
          pages={pages}
          from={from + 1}
          to={from + shown!.length}
          total={total}
          onPage={setPage}
          names={{ previous: w.previousPage, next: w.nextPage }}
        />
      )}
      {open && total === 0 && <Text c="dimmed">{w.nothingWaits}</Text>}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={w.openEntries}>
        {shown?.map((e) => (
          <EntryCard
            key={e.id}
            entry={e}
            now={now}
            onResend={(x) => void resend(x)}
            onDiscard={(x) => void discard(x)}
            trimmed={e.status === 'rejected' ? withoutRefused(e, refusedItems(e.answer?.data)) : null}
            onSendTrimmed={(x, t) => void sendTrimmed(x, t)}
          />
        ))}
      </Stack>
      {sentCount > 0 && (
        <Group>
          <Button variant="subtle" mih={48} onClick={() => setShowSent((s) => !s)} aria-expanded={showSent}>
            {showSent ? w.hideSent : w.showSent(sentCount)}
          </Button>
        </Group>
      )}
      {showSent && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={w.sentEntries}>
          {sent.map((e) => (
            <EntryCard key={e.id} entry={e} now={now} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
