// Replace (spec 2 section 7): the details of the code to replace, and the replacement, a floor save
// declared idempotent (a device's outbox entry is applied once however often it is sent).
import { ok } from '../../../shared/contracts/envelope.js';
import { REPLACE_API, REPLACE_MSG } from '../../../shared/contracts/floor/replace.js';
import { replaceCode, replaceDetails } from '../../domain/replace.js';
import type { Router } from '../../http/route.js';

export function replaceRoutes(r: Router) {
  r.serve(REPLACE_API.details, async ({ db, codes, caller, body }) =>
    ok(await replaceDetails(db, codes, caller, body)),
  );

  r.serve(REPLACE_API.replace, async (ctx) => {
    const done = await replaceCode(ctx.db, ctx.codes, ctx.caller, ctx.body, ctx.device);
    return ok(
      done,
      done.Type === 'PID'
        ? REPLACE_MSG.doneCode(done.OldCode, done.NewCode)
        : REPLACE_MSG.doneSlip(done.OldCode, done.NewCode),
    );
  });
}
