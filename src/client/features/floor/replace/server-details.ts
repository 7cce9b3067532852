// Replace/GetQrCodeDetails, asked online in the background once the first scan was answered from the
// cache: it adds the product description (the device cache has none) and says when the server would
// refuse the code (replaced or moved on another device since the refresh). Offline nothing is asked;
// a network failure changes nothing, and the server decides again when the replacement arrives.
import { REPLACE_API, type DetailsRow, type ReplaceType } from '@shared/contracts/floor/replace.js';
import { call } from '../../../api/call.js';
import { isOnline } from '../../../offline/network-status.js';

export type ServerDetails = { row: DetailsRow } | { refused: string } | null;

export async function serverDetails(type: ReplaceType, code: string): Promise<ServerDetails> {
  if (!isOnline()) return null;
  try {
    const res = await call(REPLACE_API.details, { FistQrCode: code, Type: type });
    if (res.ResponseCode === '200' && res.ResponseData[0]) return { row: res.ResponseData[0] };
    if (res.ResponseCode === '400') return { refused: res.ResponseMessage };
    return null;
  } catch {
    return null;
  }
}
