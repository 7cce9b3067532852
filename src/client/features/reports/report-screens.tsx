// Every paged report screen as a declaration on the one ReportPage: its contract, its row key, and
// what is its own (a print, pickers). The SAP Data report and the QR journey have their own screens.
import type { ComponentType } from 'react';
import {
  DAMAGE_REPORT,
  FRACTIONAL_REPORT,
  SECONDARY_REPORT,
  TERTIARY_REPORT,
} from '@shared/contracts/reports/cartons.js';
import {
  DISPATCH_RECEIVE_REPORT,
  DISPATCH_REPORT,
  ITEM_LEDGER_REPORT,
  MISSING_CARTON_REPORT,
  RETURN_REPORT,
} from '@shared/contracts/reports/dispatch.js';
import { DEMAPPING_REPORT, MAPPING_REPORT, PRIMARY_REPORT } from '@shared/contracts/reports/numbers.js';
import {
  DEALER_LOYALTY_REPORT,
  FARMER_LOYALTY_REPORT,
  FEEDBACK_REPORT,
  SCHEME_REPORT,
  VERIFICATION_REPORT,
} from '@shared/contracts/reports/public.js';
import { AVAILABLE_STOCK_REPORT, NEW_STOCK_REPORT } from '@shared/contracts/reports/stock.js';
import type { PageName } from '@shared/pages.js';
import { ReportPage, reportListOptions, type ReportScreen } from '../../kit/report-page.js';
import type { ServerListOptions } from '../../kit/use-server-list.js';
import { downloadDispatchEpcis } from './epcis-downloads.js';
import { printCartonLabel, printDispatchInvoice } from './report-prints.js';

const cartonLabel = { title: 'Action', buttons: [{ label: 'Print', run: printCartonLabel }] };

export const REPORT_SCREENS: Partial<Record<PageName, ReportScreen>> = {
  mappingReport: { contract: MAPPING_REPORT, idAccessor: 'FromNo' },
  demappingReport: { contract: DEMAPPING_REPORT, idAccessor: 'FromNo' },
  primaryPackingReport: { contract: PRIMARY_REPORT, idAccessor: 'FromNo' },
  verificationReport: { contract: VERIFICATION_REPORT, idAccessor: 'VerifiedDt' },
  feedbackReport: { contract: FEEDBACK_REPORT, idAccessor: 'VerifiedDt' },
  redemptionReport: { contract: FARMER_LOYALTY_REPORT, idAccessor: 'MobileNo' },
  dispatchLoyaltyReport: { contract: DEALER_LOYALTY_REPORT, idAccessor: 'DispatchId' },
  schemeReport: { contract: SCHEME_REPORT, idAccessor: 'SchemeId' },
  secondaryPackingReport: { contract: SECONDARY_REPORT, idAccessor: 'CartonId', actions: cartonLabel },
  tertiaryPackingReport: { contract: TERTIARY_REPORT, idAccessor: 'CartonId', actions: cartonLabel },
  fractionalCartonReport: { contract: FRACTIONAL_REPORT, idAccessor: 'CartonId' },
  damageReport: { contract: DAMAGE_REPORT, idAccessor: 'CartonId' },
  dispatchReport: {
    contract: DISPATCH_REPORT,
    idAccessor: 'DispatchId',
    actions: {
      title: 'Action',
      buttons: [
        { label: 'Print', run: printDispatchInvoice },
        { label: 'EPCIS', run: downloadDispatchEpcis },
      ],
    },
  },
  dispatchReceiveReport: { contract: DISPATCH_RECEIVE_REPORT, idAccessor: 'DispatchId' },
  missingCartonReport: { contract: MISSING_CARTON_REPORT, idAccessor: 'TertiaryCartonId' },
  returnReport: { contract: RETURN_REPORT, idAccessor: 'Cartonid', actions: cartonLabel },
  itemLedger: { contract: ITEM_LEDGER_REPORT, idAccessor: 'TertiaryCartonId', pickers: ['warehouse', 'user'] },
  stockReport: { contract: AVAILABLE_STOCK_REPORT, idAccessor: 'DDName', pickers: ['entity', 'product'] },
  newStock: { contract: NEW_STOCK_REPORT, idAccessor: 'DDName', pickers: ['entity', 'product'] },
};

/** One report page's screen and the list it opens with (asked for while its code loads): one chunk
 *  holds every report, each a declaration. */
export function reportModule(name: PageName): { default: ComponentType; firstList: ServerListOptions } {
  const def = REPORT_SCREENS[name]!;
  return { default: () => <ReportPage def={def} />, firstList: reportListOptions(def.contract) };
}
