// The device's side of a floor step: before the step goes to the server, the scan is checked as the
// floor screen checks it (the screens' pure rules over the device cache and the device's queued work),
// against a cache refreshed from the server's own FloorCache parts for the user whose device it is.
// Before each check the parts a step since the last pull may have changed are pulled again (the
// parts' meaning: which data each holds), so the cache is always fresh and the queue empty: the
// device must then accept or refuse as the model does.
import type { CachePart } from '../../../src/shared/contracts/floor/cache.js';
import { receiveCheck, cartonCheck } from '../../../src/client/floor/device-check.js';
import { checkDispatchScan, dispatchOp, type DispatchRow } from '../../../src/client/floor/dispatch/dispatch-rules.js';
import { emptyLocalWork } from '../../../src/client/floor/work/local-work.js';
import { checkCarton, checkPack, type CartonRow, type PackRow } from '../../../src/client/floor/packing/scan-rules.js';
import { checkFirst, checkSecond } from '../../../src/client/features/floor/replace/replace-rules.js';
import { fromCache } from '../../../src/client/features/floor/receive/receive-rows.js';
import { checkReturnScan, sentIndex } from '../../../src/client/features/floor/return/return-scan.js';
import { deviceCacheFrom, pullPart, type DeviceParts } from '../../helpers/floor-device-cache.js';
import type { KeyedOp, Op, Party } from './ops.js';
import type { Names } from './world.js';

/** The device's answer to the whole step: every scan accepted, or the first refusal's text. */
export interface DeviceVerdict {
  ok: boolean;
  message: string;
}

/** Cartons on the screen hold two (the world's one carton size). */
const CARTON_HOLDS = 2;
const accepted: DeviceVerdict = { ok: true, message: '' };
const refused = (message: string): DeviceVerdict => ({ ok: false, message });

/** The parts a successful step may change, by what each part holds: masters the recalls (its last
 *  slip numbers no check reads), mappings and damages the ranges (Replace retires a code into
 *  damages), packed each pack's SID and its carton's damage, open my site's cartons with their
 *  batches' expiry, dispatch what is on its way to me and what I may take back. No pairs here. */
const CHANGES: Record<Exclude<Op['k'], 'again'>, readonly CachePart[]> = {
  map: ['mappings'],
  demap: ['mappings'],
  expiry: ['mappings', 'open', 'dispatch'],
  damageRange: ['damages'],
  recall: ['masters'],
  packSid: ['packed', 'open'],
  packTid: ['open'],
  replace: ['damages', 'packed', 'open'],
  dispatch: ['open', 'dispatch'],
  receive: ['open', 'dispatch'],
  return: ['open', 'dispatch'],
  damageCarton: ['packed', 'open', 'dispatch'],
  verify: [],
  redeem: [],
};
const ALL_PARTS: readonly CachePart[] = ['masters', 'mappings', 'damages', 'pairs', 'packed', 'open', 'dispatch'];

export class Device {
  /** Each user's stored parts, and the parts changed on the server since they were pulled. */
  private readonly devices = new Map<Party, { parts: DeviceParts; stale: Set<CachePart> }>();

  constructor(private readonly n: Names) {}

  /** The runner tells of every step the server took (answered '200'). */
  changed(k: Op['k']) {
    if (k === 'again') return;
    for (const d of this.devices.values()) for (const p of CHANGES[k]) d.stale.add(p);
  }

  private async cacheOf(p: Party) {
    const d = this.devices.get(p) ?? { parts: { refreshedAt: {} }, stale: new Set(ALL_PARTS) };
    this.devices.set(p, d);
    for (const part of ALL_PARTS.filter((x) => d.stale.has(x)))
      await pullPart(this.n.w.t, this.n.w.token[p], d.parts, part);
    d.stale.clear();
    return deviceCacheFrom(d.parts);
  }

  /** What the user's device says of the step's scans, before anything is sent. */
  async verdict(op: KeyedOp): Promise<DeviceVerdict> {
    const n = this.n;
    const local = emptyLocalWork();
    switch (op.k) {
      case 'packSid': {
        const cache = await this.cacheOf(op.site);
        const rows: PackRow[] = [];
        for (const i of op.codes) {
          const out = checkPack(n.uid(i), { size: CARTON_HOLDS, rows, olderAccepted: true }, cache, local);
          if (!out.ok) return refused(out.message);
          rows.push(out.row);
        }
        return accepted;
      }
      case 'packTid': {
        const cache = await this.cacheOf(op.site);
        const rows: CartonRow[] = [];
        for (const r of op.sids) {
          const out = checkCarton(n.carton(r), { size: CARTON_HOLDS, rows, olderAccepted: true }, cache, local);
          if (!out.ok) return refused(out.message);
          rows.push(out.row);
        }
        return accepted;
      }
      case 'dispatch': {
        const cache = await this.cacheOf(op.site);
        const to = op.to === 'D' ? 'dispatch-dealer' : dispatchOp('WareHouse', n.w.site[op.to].id, cache);
        const rows: DispatchRow[] = [];
        for (const r of op.cartons) {
          const out = checkDispatchScan(
            n.carton(r),
            { hasTarget: true, op: to, rows, olderAccepted: true },
            cache,
            local,
          );
          if (!out.ok) return refused(out.message);
          rows.push(out.row);
        }
        return accepted;
      }
      case 'receive': {
        const cache = await this.cacheOf(op.by);
        const did = n.slip('DID', op.from, op.did);
        // Offline the screen loads a dispatch from the cache's incoming list alone.
        const incoming = cache.dispatch.Incoming.find((d) => d.DispatchId === did);
        if (!incoming) return refused(`${did} is not on the device's incoming list`);
        const loaded = fromCache(incoming);
        for (const r of op.arrived ?? []) {
          const why = receiveCheck(n.carton(r), loaded);
          if (why !== null) return refused(why);
        }
        return loaded.rows.length ? accepted : refused(`${did} lists no cartons on the device`);
      }
      case 'return': {
        const cache = await this.cacheOf(op.site);
        const out = checkReturnScan(n.carton(op.carton), {
          rows: [],
          transit: op.transit,
          sent: sentIndex(cache.dispatch.Sent),
          returned: new Set(),
        });
        // 'ask': the device's data does not list it; offline that is a refusal.
        if (out.kind === 'ask') return refused(out.offline);
        return out.kind === 'add' ? accepted : refused(out.message);
      }
      case 'damageCarton': {
        const why = cartonCheck('damage-carton', n.carton(op.carton), await this.cacheOf(op.site), local);
        return why === null ? accepted : refused(why);
      }
      case 'replace': {
        const cache = await this.cacheOf(op.site);
        const first = checkFirst('PID', n.uid(op.old), cache, local);
        if (!first.ok) return refused(first.message);
        const second = checkSecond(first.value, n.uid(op.now), cache, local);
        return second.ok ? accepted : refused(second.message);
      }
    }
  }
}
