// Number Generation and Admin Number Download (spec 2 section 7 'Number generation'): the list of
// mapped static ranges, a print file of part of one (a link to it), and the next From number.
// Who is admin comes from the caller, never from the body's isAdmin.
import { ok } from '../../../shared/contracts/envelope.js';
import { GENERATION_API, GENERATION_LIST } from '../../../shared/contracts/numbers/generation.js';
import {
  downloadFile,
  generateFile,
  generationFields,
  generationRows,
  generationScope,
  generationSearch,
  nextGenerationFrom,
} from '../../domain/number-generation.js';
import { mappings } from '../../db/schema.js';
import { serveList } from '../../http/list.js';
import type { Router } from '../../http/route.js';
import { fileAnswer, issueFileRoutes, numberFileRoutes } from './number-file.js';

export function generationRoutes(r: Router) {
  // The body's Prefix and isAdmin are the spec client's echo of the session: scoping ignores them.
  serveList(r, GENERATION_LIST, {
    fields: generationFields,
    from: (db, fields) => generationRows(db, fields),
    scope: (caller) => generationScope(caller),
    search: generationSearch,
    key: mappings.id,
  });

  r.serve(GENERATION_API.generate, async ({ db, caller, body }) =>
    fileAnswer(db, await db.transaction((tx) => generateFile(tx, caller, body))),
  );

  r.serve(GENERATION_API.download, async ({ db, caller, body }) =>
    fileAnswer(db, await db.transaction((tx) => downloadFile(tx, caller, body))),
  );

  r.serve(GENERATION_API.fromNumber, async ({ db, caller, body }) =>
    ok({ FrmNo: await nextGenerationFrom(db, caller, body.MappingId) }),
  );

  numberFileRoutes(r);
  issueFileRoutes(r);
}
