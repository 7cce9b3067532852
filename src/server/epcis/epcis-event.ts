// An EPCIS 2.0 event as the export writes it (JSON-LD, the CBV's bare words for bizStep and
// disposition, as the EPCIS 2.0 context defines them), before and after its eventID.
export type Action = 'ADD' | 'OBSERVE' | 'DELETE';

export interface SourceDest {
  type: 'owning_party' | 'location';
  [key: string]: string;
}

export interface EpcisEventBody {
  type: 'ObjectEvent' | 'AggregationEvent';
  eventTime: string;
  eventTimeZoneOffset: string;
  recordTime?: string;
  parentID?: string;
  epcList?: string[];
  childEPCs?: string[];
  quantityList?: Array<{ epcClass: string; quantity?: number }>;
  action: Action;
  bizStep: string;
  disposition?: string;
  readPoint?: { id: string };
  bizLocation?: { id: string };
  bizTransactionList?: Array<{ type: string; bizTransaction: string }>;
  sourceList?: Array<{ type: string; source: string }>;
  destinationList?: Array<{ type: string; destination: string }>;
  ilmd?: Record<string, string>;
}

export interface EpcisEvent extends EpcisEventBody {
  eventID: string;
}

/** When and where a logged row's work was done, common to every event made of it. */
export interface EventPlace {
  /** The device's clock when the work was done, else the server's. */
  eventTime: Date;
  recordTime: Date;
  /** The site the work was done at, as a URI; undefined when none (a dealer's receipt). */
  site?: string;
}

/** The fields every event of a row shares. Times are UTC: the server keeps no zone per site. */
export function stamp(p: EventPlace): Pick<EpcisEventBody, 'eventTime' | 'eventTimeZoneOffset' | 'recordTime'> {
  return {
    eventTime: p.eventTime.toISOString(),
    eventTimeZoneOffset: '+00:00',
    recordTime: p.recordTime.toISOString(),
  };
}

/** readPoint and bizLocation at the row's site, when it has one. */
export const at = (p: EventPlace) => (p.site ? { readPoint: { id: p.site }, bizLocation: { id: p.site } } : {});
