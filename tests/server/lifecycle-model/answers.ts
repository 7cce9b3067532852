// Does the product's answer to one operation agree with the model's? The refusal's text is checked
// where the model knows it from the contracts: the recall's reason, the expiry, the public page.
import { isDeepStrictEqual } from 'node:util';
import { VERIFY_MSG } from '../../../src/shared/contracts/public/verify.js';
import { RECALL_MSG } from '../../../src/shared/contracts/recall.js';
import type { Got } from './driver.js';
import type { Expect, VerifyExpect } from './model.js';
import type { Op } from './ops.js';

const shown = (g: Got) => `${g.status} ${g.code} "${g.message}"`;

function verifyProblems(v: VerifyExpect, got: Got): string[] {
  if (got.code !== v.code)
    return [
      `verify: model ${v.code}${v.why ? ` (${v.why})` : ''}${v.expired ? ' (expired)' : ''}, product ${shown(got)}`,
    ];
  const out: string[] = [];
  if (v.code === '-1') {
    const want = {
      unmapped: VERIFY_MSG.unmapped,
      demapped: VERIFY_MSG.demapped,
      replaced: VERIFY_MSG.replaced,
      damaged: VERIFY_MSG.damaged(v.reason ?? ''),
      recalled: VERIFY_MSG.recalled(v.reason ?? ''),
    }[v.why!];
    if (got.message !== want) out.push(`verify: model "${want}", product "${got.message}"`);
  }
  if (v.code === '200') {
    const points = (got.data as { LoyaltyPoints?: number } | null)?.LoyaltyPoints ?? 0;
    if (points > 0 !== v.pays) out.push(`verify: model ${v.pays ? 'pays' : 'pays nothing'}, product paid ${points}`);
    if (v.expired && !/expire/i.test(got.message)) out.push(`verify: an expired pack, product says "${got.message}"`);
  }
  return out;
}

export function answerProblems(op: Op, e: Expect, got: Got, first: Got | undefined): string[] {
  if (got.status >= 500 || got.code.startsWith('push')) return [`product failed: ${shown(got)}`];
  if (e.replayOf !== undefined) {
    if (!first) return [];
    return isDeepStrictEqual(first, got)
      ? []
      : [`replay of key ${e.replayOf}: first ${shown(first)}, replay ${shown(got)}`];
  }
  if (e.verify) return verifyProblems(e.verify, got);
  const ok = got.code === '200';
  if (ok !== e.ok) return [`model ${e.ok ? 'accepts' : 'refuses'}, product ${shown(got)}`];
  const f = e.flag;
  if (!ok && f?.single) {
    if (f.kind === 'recalled' && op.k === 'packSid' && got.message !== RECALL_MSG.onFloor(f.reason)) {
      return [`model refuses for the recall ("${RECALL_MSG.onFloor(f.reason)}"), product "${got.message}"`];
    }
    if (f.kind === 'recalled' && !got.message.includes(f.reason))
      return [`model refuses for the recall (${f.reason}), product "${got.message}"`];
    if (f.kind === 'expired' && !/expire/i.test(got.message))
      return [`model refuses for the expiry, product "${got.message}"`];
  }
  return [];
}
