// The EPCIS 2.0 downloads a report offers (docs/epcis.md): a dispatch's document from the Dispatch
// report, a batch's from the Recall Trace. The server streams the JSON-LD file; a refusal is toasted.
import { EPCIS_API } from '@shared/contracts/epcis.js';
import { endpointPath, type Endpoint, type Params } from '@shared/endpoint.js';
import { getForFile } from '../../api/http.js';
import { saveBlob } from '../../kit/download.js';
import { toastEnvelope } from '../../kit/toast.js';

const LD_JSON = 'application/ld+json';

async function download(e: Endpoint, params: Params, fallbackName: string): Promise<void> {
  const got = await getForFile(endpointPath(e, params), LD_JSON);
  if ('ResponseCode' in got) {
    toastEnvelope(got);
    return;
  }
  saveBlob(got.fileName === 'export' ? `${fallbackName}.jsonld` : got.fileName, got.blob);
}

export const downloadDispatchEpcis = (row: Record<string, unknown>) =>
  download(EPCIS_API.dispatchDocument, { DispatchId: String(row.DispatchId) }, `epcis-${String(row.DispatchId)}`);

export const downloadBatchEpcis = (productId: number, batchNo: string) =>
  download(EPCIS_API.batchDocument, { ProductId: productId, BatchNo: batchNo }, 'epcis-batch');
