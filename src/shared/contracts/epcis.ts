// The EPCIS 2.0 export (issue 28 item 1, docs/epcis.md): the REST binding's query calls, the
// downloads (a dispatch, a batch, a date range) and the partner feed. Each answers an EPCIS document
// (application/ld+json), not the envelope. The binding's refusals are RFC 7807 problems
// (application/problem+json), as GS1's openapi says; the downloads refuse with the envelope's '400'
// as our other calls do. Partners' set-up and the feed's acknowledgement are ordinary calls.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { requiredText, wholeNumber } from './fields.js';

/** Who may query the company's events: the pages that already show every movement of its codes. */
export const EPCIS_QUERY_ACCESS = { pages: [PAGE.itemLedger, PAGE.qrCodeTrackingReport] } as const;
/** Who sets up partners: whoever grants rights (a partner is given the company's whole trace), or
 *  holds the EPCIS Partners screen. */
export const EPCIS_PARTNER_ACCESS = { pages: [PAGE.epcisPartners, PAGE.accessRight] } as const;

/** The longest date range one download covers. */
export const EPCIS_MAX_RANGE_DAYS = 366;

export const EPCIS_MSG = {
  range: `Please choose a date range of at most ${EPCIS_MAX_RANGE_DAYS} days.`,
  dates: 'Please give the From and To dates as YYYY-MM-DD, From not after To.',
  dispatch: 'No dispatch has this id.',
  batch: 'No pack of this product carries this batch number.',
  partnerName: 'Please enter the partner name.',
  partnerUser: 'Please select the user the partner signs in as.',
  partnerUserTaken: 'This user is a partner already.',
  partnerSaved: 'Partner saved successfully.',
  notPartner: 'This account is not set up as an EPCIS partner.',
  pageToken: 'This page token is not one of this feed.',
  acknowledged: 'Page acknowledged.',
} as const;

/** The feed's page, to be acknowledged: in this header of a feed answer. */
export const FEED_ACK_HEADER = 'epcis-feed-ack';

/** An EPCIS document: the body of a query answer or a download (not an envelope). */
const epcisDocument = z.unknown();

export const partnerSave = z.strictObject({
  Name: requiredText(EPCIS_MSG.partnerName, 'Name', 100),
  UserId: wholeNumber(EPCIS_MSG.partnerUser, 1),
});
export type PartnerSave = z.input<typeof partnerSave>;

export const partnerRow = z.object({
  PartnerId: z.number(),
  Name: z.string(),
  UserId: z.number(),
  UserName: z.string(),
  /** The record time of the last event the partner acknowledged ('' none yet). */
  AckedUpTo: z.string(),
});

export const feedAck = z.strictObject({ PageToken: z.string().max(2000) });

export const EPCIS_API = {
  /** The binding's GET /events: GE_eventTime, LT_eventTime, EQ_bizStep, eventType, EQ_action,
   *  MATCH_epc, MATCH_anyEPC, MATCH_parentID, EQ_bizTransaction_desadv, perPage, nextPageToken. */
  events: getEndpoint('epcis/events', EPCIS_QUERY_ACCESS, epcisDocument),
  /** The binding's GET /events/{eventID} (the eventID URL-encoded). */
  event: getEndpoint('epcis/events/:eventID', EPCIS_QUERY_ACCESS, epcisDocument),
  /** The binding's GET /epcs/{epc}/events (the EPC URL-encoded): where the EPC is named, with the same parameters. */
  epcEvents: getEndpoint('epcis/epcs/:epc/events', EPCIS_QUERY_ACCESS, epcisDocument),
  /** A dispatch's document: its cartons' commissioning, packing, its legs. `?DispatchId=`. */
  dispatchDocument: getEndpoint('Epcis/DispatchDocument', { pages: [PAGE.dispatchReport] }, epcisDocument),
  /** A batch's document (the recall case): `?ProductId=&BatchNo=`. */
  batchDocument: getEndpoint('Epcis/BatchDocument', { pages: [PAGE.recallTrace] }, epcisDocument),
  /** Every event of a date range: `?FromDate=&ToDate=` (YYYY-MM-DD, at most EPCIS_MAX_RANGE_DAYS). */
  rangeDocument: getEndpoint('Epcis/RangeDocument', EPCIS_QUERY_ACCESS, epcisDocument),
  /** The partner's next page from its cursor (`?perPage=`); FEED_ACK_HEADER holds the token to acknowledge. */
  feed: getEndpoint('Epcis/Feed', 'signed-in', epcisDocument),
  feedAck: postEndpoint('Epcis/FeedAck', 'signed-in', feedAck, z.object({ AckedUpTo: z.string() })),
  partners: getEndpoint('Epcis/GetPartners', EPCIS_PARTNER_ACCESS, z.array(partnerRow)),
  savePartner: postEndpoint('Epcis/SavePartner', EPCIS_PARTNER_ACCESS, partnerSave, partnerRow),
} as const;
