// What the demo seeders share: the transaction and the ids of the demo company and its sites.
import type { Db } from '../db/connect.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DemoContext {
  companyId: number;
  factoryId: number;
  warehouseId: number;
  /** The factory and warehouse users' ids. */
  factoryUserId: number;
  warehouseUserId: number;
}
