// The resolver description file (/.well-known/gs1resolver): what a GS1-Conformant resolver declares of
// itself, in the shape GS1's test reads (its root, the link type namespace it speaks, its primary keys).
import { GS1_VOC } from './link-types.js';
import { GTIN_AI } from './primary-keys.js';

export function resolverDescription(publicBaseUrl: string) {
  return {
    name: 'Fieldtrace GS1 Digital Link resolver',
    resolverRoot: publicBaseUrl,
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:', profile: `${GS1_VOC}?show=linktypes` }],
    supportedPrimaryKeys: [GTIN_AI],
    // A request without linkType redirects to the default link; the linkset is asked for by name.
    linkTypeDefaultCanBeLinkset: false,
  };
}
