// What every mapper reads beside its row: the identifiers and the lookups of one export.
import type { Db } from '../db/connect.js';
import type { CodeMac } from '../domain/code-mac.js';
import { epcisIds, type EpcisIds } from './identifiers.js';
import { Lookups } from './lookups.js';

export interface MapperContext {
  ids: EpcisIds;
  look: Lookups;
  /** The ilmd key of a batch's MFG date: the CBV has no production date, so it is our own term. */
  productionDateKey: string;
}

/** One export's context: fresh lookups, so caches live no longer than the answer they serve. */
export function mapperContext(db: Pick<Db, 'select'>, publicBaseUrl: string, codes: CodeMac): MapperContext {
  return {
    ids: epcisIds(publicBaseUrl, codes),
    look: new Lookups(db),
    productionDateKey: `${publicBaseUrl.replace(/\/+$/, '')}/voc/productionDate`,
  };
}
