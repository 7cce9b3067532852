// The first path segments a GS1 Digital Link can start with: every primary key's AI and its short name
// (GS1 Digital Link URI syntax 1.2, the set GS1's resolver test recognises). The resolver owns each of
// them: it checks the syntax (400), and answers 404 for a key our data cannot hold (we print GTINs only).

const PRIMARY_KEYS: ReadonlyArray<readonly [ai: string, shortName: string]> = [
  ['01', 'gtin'],
  ['8006', 'itip'],
  ['8013', 'gmn'],
  ['8010', 'cpid'],
  ['414', 'gln'],
  ['417', 'party'],
  ['8017', 'gsrnp'],
  ['8018', 'gsrn'],
  ['255', 'gcn'],
  ['00', 'sscc'],
  ['253', 'gdti'],
  ['401', 'ginc'],
  ['402', 'gsin'],
  ['8003', 'grai'],
  ['8004', 'giai'],
];

/** Every first segment the resolver answers, AIs and short names alike. */
export const PRIMARY_KEY_SEGMENTS: readonly string[] = PRIMARY_KEYS.flat();

/** The only primary key our data holds: the GTIN a product master carries. */
export const GTIN_AI = '01';
