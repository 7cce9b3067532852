// Damage Carton (spec 2 sections 2, 4, 5, 7): a reason of 5 to 200 characters, then a SID or TID
// scan, a confirmation, and the carton with everything in it is damaged for good. Checked on the
// device (the carton is at this site and not damaged already) and queued in the outbox: no network
// needed. The reason is cleared after each carton. Quick reasons (issue 27): one tap fills the reason
// with a usual cause and puts focus back in the scan box.
import { Button, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { parseSlipId } from '@shared/codes.js';
import { CARTON_DAMAGE_API, CARTON_DAMAGE_MSG } from '@shared/contracts/floor/carton-damage.js';
import { REASON_MAX, REASON_MIN } from '@shared/contracts/numbers/damage.js';
import { PAGE } from '@shared/pages.js';
import { getSession } from '../../api/session.js';
import { confirmYesNo } from '../../kit/confirm-delete.js';
import { ScreenHeader } from '../../kit/screen-header.js';
import { CacheFreshness, useFloorCache } from '../../floor/cache/index.js';
import { cartonCheck } from '../../floor/device-check.js';
import { CACHE_LOADING, useLocalWork } from '../../floor/work/use-local-work.js';
import { queueWork } from '../../floor/work/work-store.js';
import { ScanBox, type ScanBoxHandle, type ScanVerdict } from '../../floor/scan-box.js';
import { kickOutbox } from '../../offline/drain-triggers.js';
import { QUICK_REASONS } from '../../floor/damage/quick-reasons.js';
import { en } from '../../floor/words/en.js';
import { useFloorWords } from '../../floor/words/floor-lang.js';

/** A reason the server takes: 5 to 200 characters once trimmed. */
const reasonOk = (text: string) => text.trim().length >= REASON_MIN && text.trim().length <= REASON_MAX;

export default function DamageCartonPage() {
  const userId = getSession()?.UserId ?? 0;
  const cache = useFloorCache();
  const { work: local, ready } = useLocalWork(userId, cache);
  const [reason, setReason] = useState('');
  const { w, say } = useFloorWords();
  const box = useRef<ScanBoxHandle>(null);

  const onScan = async (text: string): Promise<ScanVerdict> => {
    const why = reason.trim();
    if (!reasonOk(why)) return { ok: false, message: CARTON_DAMAGE_MSG.reason };
    const slip = parseSlipId(text);
    if (!slip || (slip.type !== 'SID' && slip.type !== 'TID'))
      return { ok: false, message: CARTON_DAMAGE_MSG.invalidScan };
    if (!cache) return { ok: false, message: CACHE_LOADING };
    const id = slip.text;
    // The lifecycle decides (damaged already, not at this site); recalled or expired stock may be damaged.
    const refusal = cartonCheck('damage-carton', id, cache, local);
    if (refusal !== null) return { ok: false, message: refusal };
    if (!(await confirmYesNo(say(CARTON_DAMAGE_MSG.confirmTitle), say(CARTON_DAMAGE_MSG.confirmText), w))) {
      setTimeout(() => box.current?.focus(), 0);
      return { ok: false, message: en.notDamaged(id) };
    }
    await queueWork('damage-carton', {
      endpoint: CARTON_DAMAGE_API.damage,
      payload: { DamageCid: id, Reason: why },
      label: en.damageLabel(id, why),
      userId,
    });
    void kickOutbox();
    setReason('');
    return { ok: true, message: en.damagedQueued(id) };
  };

  return (
    <div>
      <ScreenHeader title={say(PAGE.damageCarton.label)} breadcrumb={w.transactions} actions={<CacheFreshness />} />
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="xs" role="group" aria-label={w.quickReasons}>
          {QUICK_REASONS.map((r) => (
            <Button
              key={r}
              variant={reason === r ? 'filled' : 'light'}
              size="lg"
              h="auto"
              mih={48}
              styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
              onClick={() => {
                setReason(r);
                box.current?.focus();
              }}
            >
              {say(r)}
            </Button>
          ))}
        </SimpleGrid>
        <Textarea
          label={w.reasonOfDamage}
          value={reason}
          maxLength={REASON_MAX}
          autosize
          minRows={2}
          size="lg"
          description={w.reasonLength(REASON_MIN, REASON_MAX)}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <ScanBox
          ref={box}
          label={en.scanCarton}
          placeholder={en.scanSidTid}
          onScan={onScan}
          ready={ready}
          // A quick reason tapped or a reason written: the hint moves on to the scan.
          idleMessage={reasonOk(reason) ? en.reasonGiven : en.reasonThenScan}
        />
      </Stack>
    </div>
  );
}
