// The print file is for label software, which prints its cells as they are (issue 28 item 5): it
// starts with a UTF-8 BOM, carries no spreadsheet guard (batch `=cmd|x` stays `=cmd|x`), keeps
// Devanagari as UTF-8, and names the maker (the company when the product names none).
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companies } from '../../../src/server/db/schema.js';
import { GENERATION_API, type GeneratedLink } from '../../../src/shared/contracts/numbers/generation.js';
import { labelsFromCsv } from '../../../src/client/features/transactions/number-generation/print-labels.js';
import { labelSheet } from '../../../src/client/print/label-sheet.js';
import { pdfText } from '../../helpers/decode-pdf.js';
import { insertMapping } from '../../helpers/factories-damage.js';
import { readFontFile } from '../../helpers/font-files.js';
import { generateBody, generationWorld } from '../../helpers/factories-generation.js';
import { insertProduct } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();

it('starts with a UTF-8 BOM and prints the batch and name as they are, on the file and the label', async () => {
  const w = await generationWorld(t.db, ['ZQ', 'ZR', 'ZS']);
  const product = await insertProduct(t.db, w.company, { name: 'जैविक खाद', registrationNo: 'CIR-9/2021' });
  const m = await insertMapping(t.db, {
    companyId: w.company,
    productId: product.id,
    kind: 'S',
    prefix: 'ZQ',
    fromNo: 1,
    toNo: 10,
    batchNo: '=cmd|x',
  });
  const token = (await t.signIn(w.user.email, w.user.password)).token;
  const res = await send(t, GENERATION_API.generate, generateBody(m, 1, 2), token);
  const file = await t.app.inject({ method: 'GET', url: (res.body.ResponseData as GeneratedLink).downloadLinK });

  const bytes = file.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [company] = await t.db.select({ name: companies.name }).from(companies).where(eq(companies.id, w.company));
  const [header, first] = new TextDecoder().decode(bytes).split('\r\n');
  expect(header).toBe('Serial,Visible No,QR,Product Name,Batch No,MFG Date,EXP Date,MRP,Registration No,Manufacturer');
  expect(first!.split(',').slice(3)).toEqual([
    'जैविक खाद',
    '=cmd|x',
    m.mfgDate,
    m.expDate,
    String(m.mrp),
    'CIR-9/2021',
    company!.name,
  ]);

  // The label made from the file (Print) shows them as typed too.
  const labels = labelsFromCsv(new TextDecoder().decode(bytes));
  const pdf = await labelSheet(labels, 'a4-3x8', readFontFile);
  expect(pdfText(new Uint8Array(pdf), [8 + 33, 8, 30, 35])).toEqual([
    'ZQ1',
    'जैविक खाद',
    'Batch: =cmd|x',
    `MFG: ${m.mfgDate} EXP: ${m.expDate}`,
    'Reg. No: CIR-9/2021',
    `Mfd. by: ${company!.name}`,
  ]);
});
