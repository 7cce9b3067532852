// Number Generation and Admin Number Download (spec 2 section 7 'Number generation'): the list of
// mapped static ranges, a print file of part of one (a link to it), and the next From number.
// Who is admin comes from the caller, never from the body's isAdmin.
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { GENERATION_API } from '../../../shared/contracts/numbers/generation.js';
import {
  downloadFile, generateFile, generationListDef, generationScope, nextGenerationFrom, selectGenerationRows,
} from '../../domain/number-generation.js';
import type { Router } from '../../http/route.js';
import { applyList, ListError } from '../../list/list-query.js';
import { fileAnswer, issueFileRoutes, numberFileRoutes } from './number-file.js';

export function generationRoutes(r: Router) {
  r.serve(GENERATION_API.list, async ({ db, body, caller }) => {
    // The body's Prefix and isAdmin are the spec client's echo of the session: scoping ignores them.
    try {
      return ok(await applyList(selectGenerationRows(db), generationListDef, body, [generationScope(caller)]));
    } catch (e) {
      if (e instanceof ListError) return warn(e.message);
      throw e;
    }
  });

  r.serve(GENERATION_API.generate, async ({ db, caller, body }) =>
    fileAnswer(db, await db.transaction((tx) => generateFile(tx, caller, body))));

  r.serve(GENERATION_API.download, async ({ db, caller, body }) =>
    fileAnswer(db, await db.transaction((tx) => downloadFile(tx, caller, body))));

  r.serve(GENERATION_API.fromNumber, async ({ db, caller, body }) => ok({ FrmNo: await nextGenerationFrom(db, caller, body.MappingId) }));

  numberFileRoutes(r);
  issueFileRoutes(r);
}
