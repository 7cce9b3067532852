// GS1 Digital Link's short names for AIs in a path ("convenience alphas", deprecated by GS1 but still
// printed): gs1/gs1-syntax-engine src/c-lib/dl.c alpha_ai_map. The syntax engine reads them only when
// asked (permitConvenienceAlphas); we read them always, so a pack written `/gtin/.../ser/...` is the
// same pack.
export const DL_SHORT_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    cpid: '8010',
    cpsn: '8011',
    cpv: '22',
    gcn: '255',
    gdti: '253',
    giai: '8004',
    ginc: '401',
    gln: '414',
    glnx: '254',
    gmn: '8013',
    grai: '8003',
    gsin: '402',
    gsrn: '8018',
    gsrnp: '8017',
    gtin: '01',
    itip: '8006',
    lot: '10',
    party: '417',
    refno: '8020',
    ser: '21',
    srin: '8019',
    sscc: '00',
  }),
);
