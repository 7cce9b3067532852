// Runs one model operation through the real API as a user of the floor would: the floor saves under an
// Idempotency-Key, directly or as an entry of an Outbox/push; the rest through their own calls.
import { sql } from 'drizzle-orm';
import type { Endpoint } from '../../../src/shared/endpoint.js';
import { CARTON_DAMAGE_API } from '../../../src/shared/contracts/floor/carton-damage.js';
import { DISPATCH_API } from '../../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { RETURN_API } from '../../../src/shared/contracts/floor/carton-return.js';
import { PACKING_API } from '../../../src/shared/contracts/floor/packing.js';
import { PUSH_API, type PushAnswer } from '../../../src/shared/contracts/floor/push.js';
import { REPLACE_API } from '../../../src/shared/contracts/floor/replace.js';
import { POINTS_API } from '../../../src/shared/contracts/loyalty/points.js';
import { DAMAGE_API } from '../../../src/shared/contracts/numbers/damage.js';
import { DEMAP_API } from '../../../src/shared/contracts/numbers/demap.js';
import { MAPPING_API } from '../../../src/shared/contracts/numbers/mapping.js';
import { RECALL_API } from '../../../src/shared/contracts/recall.js';
import { send } from '../../helpers/endpoint-call.js';
import { dispatchBody } from '../../helpers/factories-dispatch.js';
import { secondaryBody, tertiaryBody } from '../../helpers/factories-floor.js';
import { farmer, verifyFrom } from '../../helpers/factories-loyalty.js';
import { rowsOf } from '../../../src/server/domain/sql-rows.js';
import { CARTON_REASON, FUTURE, MFG, PAST, RANGE_REASON, RECALL_REASON } from './model.js';
import { homeBatch, type KeyedOp, type Op, type Party } from './ops.js';
import type { Names } from './world.js';

/** What came back: the HTTP status and the envelope (for a push entry, the entry's own). */
export interface Got {
  status: number;
  code: string;
  message: string;
  data: unknown;
}

const API = '/API/api/';

export class Driver {
  /** Each key's first answer, to hold replays to it. */
  readonly answers = new Map<number, Got>();
  /** The first verification that paid this namespace's farmer: the id redemption is asked with. */
  private feedbackId: unknown = null;

  constructor(private readonly n: Names) {}

  private get t() {
    return this.n.w.t;
  }

  async run(op: Op): Promise<Got> {
    if (op.k === 'again') return this.keyed(op.op);
    if ('key' in op) {
      const got = await this.keyed(op);
      return got;
    }
    return this.plain(op);
  }

  private async keyed(op: KeyedOp): Promise<Got> {
    const { e, body, by } = this.save(op);
    const got = op.via === 'push' ? await this.push(e, body, by, op.key) : await this.post(e, body, by, op.key);
    if (!this.answers.has(op.key)) this.answers.set(op.key, got);
    return got;
  }

  private async post(e: Endpoint, body: unknown, by: Party, key: number): Promise<Got> {
    const res = await this.t.raw({
      method: 'POST',
      url: API + e.path,
      payload: body as object,
      headers: { authorization: `Bearer ${this.n.w.token[by]}`, 'idempotency-key': this.n.key(key) },
    });
    return {
      status: res.status,
      code: res.body.ResponseCode,
      message: res.body.ResponseMessage,
      data: res.body.ResponseData,
    };
  }

  private async push(e: Endpoint, body: unknown, by: Party, key: number): Promise<Got> {
    const res = await this.t.raw({
      method: 'POST',
      url: API + PUSH_API.push.path,
      headers: { authorization: `Bearer ${this.n.w.token[by]}` },
      payload: { Entries: [{ Key: this.n.key(key), Call: e.path, DeviceTime: Date.now(), Body: body }] },
    });
    const entry = res.body.ResponseCode === '200' ? (res.body.ResponseData as PushAnswer[])[0] : undefined;
    if (!entry)
      return {
        status: res.status,
        code: `push ${res.body.ResponseCode}`,
        message: res.body.ResponseMessage,
        data: res.body.ResponseData,
      };
    return {
      status: entry.Status,
      code: entry.Answer.ResponseCode,
      message: entry.Answer.ResponseMessage,
      data: entry.Answer.ResponseData,
    };
  }

  /** The call, body and user of a floor save. */
  private save(op: KeyedOp): { e: Endpoint; body: unknown; by: Party } {
    const n = this.n;
    const w = n.w;
    switch (op.k) {
      case 'packSid': {
        const reason = op.codes.length < 2 ? 'Short run at shift end' : '';
        return {
          e: PACKING_API.secondarySave,
          body: secondaryBody(
            w.size2,
            op.codes.map((i) => n.uid(i)),
            n.slip('SID', op.site, op.sid),
            reason,
          ),
          by: op.site,
        };
      }
      case 'packTid':
        return {
          e: PACKING_API.tertiarySave,
          body: tertiaryBody(
            w.size2,
            op.sids.map((r) => n.carton(r)),
            n.slip('TID', op.site, op.tid),
            {
              remark: 'Model run',
              ...(op.sids.length < 2 ? { reason: 'Short run at shift end' } : {}),
            },
          ),
          by: op.site,
        };
      case 'replace':
        return {
          e: REPLACE_API.replace,
          body: { FistQrCode: n.uid(op.old), Type: 'PID', SecondQrCode: n.uid(op.now) },
          by: op.site,
        };
      case 'dispatch': {
        const target = op.to === 'D' ? { SendTo: w.dealerId } : { WareHouseId: w.site[op.to].id };
        return {
          e: DISPATCH_API.save,
          body: dispatchBody(
            target,
            op.cartons.map((r) => n.carton(r)),
            { DispatchId: n.slip('DID', op.site, op.did), Remark: 'Model run' },
          ),
          by: op.site,
        };
      }
      case 'receive': {
        const did = n.slip('DID', op.from, op.did);
        return {
          e: RECEIVE_API.save,
          body: { DispatchId: did, ...(op.arrived ? { Cartons: op.arrived.map((r) => n.carton(r)) } : {}) },
          by: op.by,
        };
      }
      case 'return':
        return {
          e: RETURN_API.save,
          body: {
            scanned: [{ CartonId: n.carton(op.carton) }],
            IsActive: op.transit,
            Remark: 'Taken back in a model run',
          },
          by: op.site,
        };
      case 'damageCarton':
        return {
          e: CARTON_DAMAGE_API.damage,
          body: { DamageCid: n.carton(op.carton), Reason: CARTON_REASON },
          by: op.site,
        };
    }
  }

  /** The mapping row holding code i now (the product splits mappings on de-mapping): its id and product. */
  private async mappingOf(i: number): Promise<{ id: number; productId: number }> {
    const rows = rowsOf<{ id: number; product_id: number }>(
      await this.t.db.execute(sql`select id, product_id from mappings
      where kind = 'S' and prefix = ${this.n.w.f.prefix} and from_no <= ${this.n.serial(i)} and to_no >= ${this.n.serial(i)}`),
    );
    // No mapping holds it: a mapping id no row has, which the product refuses as not found.
    return rows[0]
      ? { id: Number(rows[0].id), productId: Number(rows[0].product_id) }
      : { id: 2_000_000_000, productId: this.n.w.f.productId };
  }

  private async plain(op: Exclude<Op, KeyedOp | { k: 'again' }>): Promise<Got> {
    const n = this.n;
    const w = n.w;
    const token = w.token.F;
    const got = async (
      p: Promise<{ status: number; body: { ResponseCode: string; ResponseMessage: string; ResponseData: unknown } }>,
    ): Promise<Got> => {
      const r = await p;
      return {
        status: r.status,
        code: r.body.ResponseCode,
        message: r.body.ResponseMessage,
        data: r.body.ResponseData,
      };
    };
    switch (op.k) {
      case 'map': {
        const batch = n.batch(homeBatch(op.from));
        return got(
          send(
            this.t,
            MAPPING_API.save,
            {
              MappingId: 0,
              ProductId: w.f.productId,
              FromNo: n.serial(op.from),
              ToNo: n.serial(op.to),
              Qty: op.to - op.from + 1,
              MFGDate: MFG,
              BatchNo: batch,
              EXPDate: FUTURE,
              Remark: '',
              Mrp: 120.5,
              isPreprinted: false,
            },
            token,
          ),
        );
      }
      case 'damageRange': {
        const m = await this.mappingOf(op.from);
        return got(
          send(
            this.t,
            DAMAGE_API.create,
            {
              MappingId: m.id,
              FromNo: n.serial(op.from),
              ToNo: n.serial(op.to),
              Qty: op.to - op.from + 1,
              Reason: RANGE_REASON,
              isPreprinted: false,
            },
            token,
          ),
        );
      }
      case 'demap': {
        const m = await this.mappingOf(op.from);
        return got(
          send(
            this.t,
            DEMAP_API.create,
            {
              MappingId: m.id,
              ProductId: m.productId,
              FromNo: n.serial(op.from),
              ToNo: n.serial(op.to),
              Qty: op.to - op.from + 1,
              isPreprinted: false,
            },
            token,
          ),
        );
      }
      case 'recall':
        return got(
          send(
            this.t,
            RECALL_API.save,
            { ProductId: w.f.productId, BatchNo: n.batch(op.batch), Reason: RECALL_REASON },
            token,
          ),
        );
      case 'expiry': {
        const m = await this.mappingOf(op.code);
        return got(send(this.t, MAPPING_API.save, { MappingId: m.id, EXPDate: op.past ? PAST : FUTURE }, token));
      }
      case 'verify': {
        const res = await got(
          verifyFrom(this.t, n.uid(op.code), 'Aalpha Pradesh', op.details ? farmer(n.mobile, 'Sita Devi') : {}),
        );
        const paid = res.code === '200' && ((res.data as { LoyaltyPoints?: number } | null)?.LoyaltyPoints ?? 0) > 0;
        if (paid && this.feedbackId === null) this.feedbackId = (res.data as { FeedbackId: unknown }).FeedbackId;
        return res;
      }
      case 'redeem':
        return got(
          send(this.t, POINTS_API.redeem, { UsrId: this.feedbackId ?? 1, MobNo: n.mobile, Points: op.points }),
        );
    }
  }
}
