// Number Generation and Admin Number Download (spec 2 section 7 'Number generation'): the list of
// mapped static ranges, a print file of part of one (a link to it), and the next From number.
// Who is admin comes from the caller, never from the body's isAdmin.
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { listRequest } from '../../../shared/contracts/list.js';
import { downloadRequest, fromNumbersRequest, generateRequest } from '../../../shared/contracts/numbers/generation.js';
import { PAGE } from '../../../shared/pages.js';
import {
  downloadFile, generateFile, generationListDef, generationScope, nextGenerationFrom, selectGenerationRows,
} from '../../domain/number-generation.js';
import type { Router } from '../../http/route.js';
import { applyList, ListError } from '../../list/list-query.js';
import { issueFileRoutes, numberFileRoutes } from './number-file.js';

const LIST_PAGES = [PAGE.numberGeneration, PAGE.adminNumberDownload];

export function generationRoutes(r: Router) {
  r.post('NumberGeneration/GetGeneratedNumbers', { access: { pages: LIST_PAGES }, body: listRequest }, async ({ db, body, caller }) => {
    // The body's Prefix and isAdmin are the spec client's echo of the session: scoping ignores them.
    try {
      return ok(await applyList(selectGenerationRows(db), generationListDef, body, [generationScope(caller)]));
    } catch (e) {
      if (e instanceof ListError) return warn(e.message);
      throw e;
    }
  });

  r.post('NumberGeneration/CreateGeneratedNumber', { access: { pages: [PAGE.numberGeneration] }, body: generateRequest },
    ({ db, caller, body }) => generateFile(db, caller, body));

  r.post('NumberGeneration/DownloadNumber', { access: { pages: [PAGE.adminNumberDownload] }, body: downloadRequest },
    ({ db, caller, body }) => downloadFile(db, caller, body));

  r.post('NumberGeneration/GetFromNumbers', { access: { pages: LIST_PAGES }, body: fromNumbersRequest }, async ({ db, caller, body }) => {
    const next = await nextGenerationFrom(db, caller, body.MappingId);
    return typeof next === 'string' ? warn(next) : ok({ FrmNo: next });
  });

  numberFileRoutes(r);
  issueFileRoutes(r);
}
