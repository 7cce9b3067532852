// Every paged report, for the tests and the benchmark that walk them all.
import { DAMAGE_REPORT, FRACTIONAL_REPORT, SECONDARY_REPORT, TERTIARY_REPORT } from './cartons.js';
import {
  DISPATCH_RECEIVE_REPORT,
  DISPATCH_REPORT,
  ITEM_LEDGER_REPORT,
  MISSING_CARTON_REPORT,
  RETURN_REPORT,
} from './dispatch.js';
import { DEMAPPING_REPORT, MAPPING_REPORT, PRIMARY_REPORT } from './numbers.js';
import {
  DEALER_LOYALTY_REPORT,
  FARMER_LOYALTY_REPORT,
  FEEDBACK_REPORT,
  SCHEME_REPORT,
  VERIFICATION_REPORT,
} from './public.js';
import type { ReportContract } from './report.js';
import { AVAILABLE_STOCK_REPORT, NEW_STOCK_REPORT } from './stock.js';

export const REPORTS = {
  mapping: MAPPING_REPORT,
  demapping: DEMAPPING_REPORT,
  primary: PRIMARY_REPORT,
  verification: VERIFICATION_REPORT,
  feedback: FEEDBACK_REPORT,
  farmerLoyalty: FARMER_LOYALTY_REPORT,
  dealerLoyalty: DEALER_LOYALTY_REPORT,
  scheme: SCHEME_REPORT,
  secondary: SECONDARY_REPORT,
  tertiary: TERTIARY_REPORT,
  fractional: FRACTIONAL_REPORT,
  damage: DAMAGE_REPORT,
  dispatch: DISPATCH_REPORT,
  dispatchReceive: DISPATCH_RECEIVE_REPORT,
  missingCarton: MISSING_CARTON_REPORT,
  return: RETURN_REPORT,
  itemLedger: ITEM_LEDGER_REPORT,
  availableStock: AVAILABLE_STOCK_REPORT,
  newStock: NEW_STOCK_REPORT,
} as const satisfies Record<string, ReportContract>;
