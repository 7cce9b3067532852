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

export default function DamageCartonPage() {
  const userId = getSession()?.UserId ?? 0;
  const cache = useFloorCache();
  const { work: local, ready } = useLocalWork(userId, cache);
  const [reason, setReason] = useState('');
  const box = useRef<ScanBoxHandle>(null);

  const onScan = async (text: string): Promise<ScanVerdict> => {
    const why = reason.trim();
    if (why.length < REASON_MIN || why.length > REASON_MAX) return { ok: false, message: CARTON_DAMAGE_MSG.reason };
    const slip = parseSlipId(text);
    if (!slip || (slip.type !== 'SID' && slip.type !== 'TID'))
      return { ok: false, message: CARTON_DAMAGE_MSG.invalidScan };
    if (!cache) return { ok: false, message: CACHE_LOADING };
    const id = slip.text;
    // The lifecycle decides (damaged already, not at this site); recalled or expired stock may be damaged.
    const refusal = cartonCheck('damage-carton', id, cache, local);
    if (refusal !== null) return { ok: false, message: refusal };
    if (!(await confirmYesNo(CARTON_DAMAGE_MSG.confirmTitle, CARTON_DAMAGE_MSG.confirmText))) {
      setTimeout(() => box.current?.focus(), 0);
      return { ok: false, message: `${id} not damaged.` };
    }
    await queueWork('damage-carton', {
      endpoint: CARTON_DAMAGE_API.damage,
      payload: { DamageCid: id, Reason: why },
      label: `Damaged carton ${id}: ${why}`,
      userId,
    });
    void kickOutbox();
    setReason('');
    return { ok: true, message: `${id} damaged: queued to send.` };
  };

  return (
    <div>
      <ScreenHeader title={PAGE.damageCarton.label} breadcrumb="Transactions" actions={<CacheFreshness />} />
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="xs" role="group" aria-label="Quick reasons">
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
              {r}
            </Button>
          ))}
        </SimpleGrid>
        <Textarea
          label="Reason of damage"
          value={reason}
          maxLength={REASON_MAX}
          autosize
          minRows={2}
          size="lg"
          description={`${REASON_MIN} to ${REASON_MAX} characters`}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <ScanBox
          ref={box}
          label="Scan carton"
          placeholder="Scan SID or TID"
          onScan={onScan}
          ready={ready}
          idleMessage="Write the reason, then scan the carton"
        />
      </Stack>
    </div>
  );
}
