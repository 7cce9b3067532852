// Slips known offline (issue 27 item 4): a site's slip ids are reserved in blocks, each following the
// last (Product/UpdateIds), so every id of a type numbered up to the prefix's last is reserved and none
// past it. The device keeps that last per type in its cache (masters' SlipLast, as of its refresh).
// Offline, a slip past it was never reserved as far as anyone can have told this device: refused, so
// no carton closes under it and waits for the server to refuse it on Pending work. Online the server
// judges (a block reserved on another device since the refresh is known only there).
import type { SlipType } from '@shared/codes.js';
import type { FloorCache } from './cache/index.js';

/** The last reserved number of `type` for this site the device goes by: the cache's offline, none
 *  (anything goes to the server) online. */
export function knownLastSlip(cache: Pick<FloorCache, 'slipLast'>, type: SlipType, online: boolean): number {
  return online ? Number.MAX_SAFE_INTEGER : cache.slipLast[type];
}
