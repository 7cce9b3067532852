// Done-when item of the numbers issue: a generated label sheet, rasterised with pdftoppm, decodes
// with zbarimg to exactly the URLs expected, in order. The CSV comes through the real routes and the
// sheet is built the way the Print button builds it.
import { expect, it } from 'vitest';
import { GENERATION_API } from '../../../src/shared/contracts/numbers/generation.js';
import { labelsFromCsv } from '../../../src/client/features/transactions/number-generation/print-labels.js';
import { labelSheet } from '../../../src/client/print/label-sheet.js';
import { codeUrl } from '../../../src/shared/codes.js';
import type { GeneratedLink } from '../../../src/shared/contracts/numbers/generation.js';
import { decodeLabels, pdfPageCount } from '../../helpers/decode-pdf.js';
import { readFontFile } from '../../helpers/font-files.js';
import {
  GEN_MANUFACTURER,
  GEN_REG_NO,
  generateBody,
  generationWorld,
  mapStatic,
  testCodes,
} from '../../helpers/factories-generation.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();

it('the Print sheet of 40 static codes decodes to exactly their URLs, in order', async () => {
  const w = await generationWorld(t.db, ['LA', 'LB', 'LC']);
  const m = await mapStatic(t.db, w, 'LA', 7001, 7100);
  const token = (await t.signIn(w.user.email, w.user.password)).token;
  const res = await send(t, GENERATION_API.generate, generateBody(m, 7031, 7070), token);
  const file = await t.app.inject({ method: 'GET', url: (res.body.ResponseData as GeneratedLink).downloadLinK });
  expect(file.statusCode).toBe(200);

  const labels = labelsFromCsv(file.payload);
  expect(labels[0]!.lines).toEqual([
    'LA7031',
    w.productName,
    `Batch: ${m.batchNo}`,
    `MFG: ${m.mfgDate} EXP: ${m.expDate}`,
    `Reg. No: ${GEN_REG_NO}`,
    `Mfd. by: ${GEN_MANUFACTURER}`,
  ]);
  const pdf = new Uint8Array(await labelSheet(labels, 'a4-3x8', readFontFile));
  expect(pdfPageCount(pdf)).toBe(2);

  const codes = await testCodes(t.db, t.config.codeSecret);
  const want = Array.from({ length: 40 }, (_, i) =>
    codeUrl(t.config.publicBaseUrl, codes.make({ kind: 'S', prefix: 'LA' }, 7031 + i)),
  );
  expect(decodeLabels(pdf, 'a4-3x8')).toEqual(want);
}, 60_000);
