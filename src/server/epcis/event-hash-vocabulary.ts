// The reference event-hash generator first expands the document as JSON-LD (GS1's EPCIS 2.0.0
// context) and gathers every expanded value under https://ref.gs1.org/cbv or https://gs1.org/voc;
// then any string in the document that one such value alone ends with ("-shipping", "/Temperature")
// becomes that value. This module does the same from the terms of that context, without a JSON-LD
// processor: the bare terms it defines for each vocabulary-typed property, and its prefixes.
// Two simplifications, neither met by the export: the values are gathered from the one event, where
// the reference gathers them from the whole document, and values under keys the context does not
// define (which expansion drops) are gathered too.

const CBV = 'https://ref.gs1.org/cbv/';
const GS1 = 'https://gs1.org/voc/';

const words = (text: string) => text.split(' ');
const vocabulary = (iri: string, terms: string) => new Map(words(terms).map((term) => [term, iri + term]));

const BIZ_STEP = vocabulary(
  `${CBV}BizStep-`,
  'accepting arriving assembling collecting commissioning consigning creating_class_instance cycle_counting decommissioning departing destroying disassembling dispensing encoding entering_exiting holding inspecting installing killing loading other packing picking receiving removing repackaging repairing replacing reserving retail_selling sampling sensor_reporting shipping staging_outbound stock_taking stocking storing transporting unloading unpacking void_shipping',
);
const DISPOSITION = vocabulary(
  `${CBV}Disp-`,
  'active available completeness_verified completeness_inferred conformant container_closed container_open damaged destroyed dispensed disposed encoded expired in_progress in_transit inactive mismatch_instance mismatch_class mismatch_quantity needs_replacement no_pedigree_match non_conformant non_sellable_other partially_dispensed recalled reserved retail_sold returned sellable_accessible sellable_not_accessible stolen unavailable unknown',
);
const BIZ_TRANSACTION_TYPE = vocabulary(
  `${CBV}BTT-`,
  'bol cert desadv inv pedigree po poc prodorder recadv rma testprd testres upevt',
);
const SOURCE_DESTINATION_TYPE = vocabulary(`${CBV}SDT-`, 'owning_party possessing_party location');
const COMPONENT = vocabulary(
  `${CBV}Comp-`,
  'x y z axial_distance azimuth height spherical_radius polar_angle elevation_angle easting northing latitude longitude altitude',
);
const ERROR_REASON = vocabulary(`${CBV}ER-`, 'did_not_occur incorrect_data');
const MEASUREMENT_TYPE = vocabulary(
  GS1,
  'AbsoluteHumidity AbsorbedDose AbsorbedDoseRate Acceleration Radioactivity Altitude AmountOfSubstance AmountOfSubstancePerUnitVolume Angle AngularAcceleration AngularMomentum AngularVelocity Area Capacitance Conductance Conductivity Count Density Dimensionless DoseEquivalent DoseEquivalentRate DynamicViscosity ElectricCharge ElectricCurrent ElectricCurrentDensity ElectricFieldStrength Energy Exposure Force Frequency Illuminance Inductance Irradiance KinematicViscosity Length LinearMomentum Luminance LuminousFlux LuminousIntensity MagneticFlux MagneticFluxDensity MagneticVectorPotential Mass MassConcentration MassFlowRate MassPerAreaTime MemoryCapacity MolalityOfSolute MolarEnergy MolarMass MolarVolume Power Pressure RadiantFlux RadiantIntensity RelativeHumidity Resistance Resistivity SolidAngle SpecificVolume Speed SurfaceDensity SurfaceTension Temperature Time Torque Voltage Volume VolumeFlowRate VolumeFraction VolumetricFlux Wavenumber',
);
const SENSOR_EXCEPTION = vocabulary(GS1, 'ALARM_CONDITION ERROR_CONDITION');

/** The EPCIS context's prefixes; a document's own @context may add more. */
const CONTEXT_PREFIXES: Record<string, string> = {
  epcis: 'https://ref.gs1.org/epcis/',
  cbv: CBV,
  cbvmda: 'urn:epcglobal:cbv:mda:',
  gs1: GS1,
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcterms: 'http://purl.org/dc/terms/',
};

/** Properties whose value the context types as an IRI (compact IRIs in them are expanded). */
const IRI_KEYS = new Set(
  words(
    'id type eventID member certificationInfo bizLocation readPoint transformationID epcList source destination bizTransaction parentID childEPCs inputEPCList outputEPCList epcClass deviceID deviceMetadata rawData dataProcessingMethod bizRules coordinateReferenceSystem microorganism chemicalSubstance uriValue correctiveEventIDs children',
  ),
);

/** Properties that bring their own (property-scoped) context for what is nested in them. */
const SCOPES = new Set(
  words('bizTransactionList sourceList destinationList persistentDisposition sensorReport errorDeclaration'),
);

function vocabularyOf(key: string, scope: string): Map<string, string> | undefined {
  if (key === 'bizStep') return BIZ_STEP;
  if (key === 'disposition') return DISPOSITION;
  if (scope === 'persistentDisposition' && (key === 'set' || key === 'unset')) return DISPOSITION;
  if (key === 'type' && scope === 'bizTransactionList') return BIZ_TRANSACTION_TYPE;
  if (key === 'type' && (scope === 'sourceList' || scope === 'destinationList')) return SOURCE_DESTINATION_TYPE;
  if (key === 'type' && scope === 'sensorReport') return MEASUREMENT_TYPE;
  if (key === 'exception' && scope === 'sensorReport') return SENSOR_EXCEPTION;
  if (key === 'component' && scope === 'sensorReport') return COMPONENT;
  if (key === 'reason' && scope === 'errorDeclaration') return ERROR_REASON;
  return undefined;
}

function prefixesOf(context: unknown): Record<string, string> {
  const prefixes = { ...CONTEXT_PREFIXES };
  for (const entry of Array.isArray(context) ? context : [context])
    if (entry && typeof entry === 'object')
      for (const [name, iri] of Object.entries(entry)) if (typeof iri === 'string') prefixes[name] = iri;
  return prefixes;
}

function expandCompact(value: string, prefixes: Record<string, string>): string {
  const colon = value.indexOf(':');
  if (colon < 0 || value.startsWith('//', colon + 1)) return value;
  const iri = prefixes[value.slice(0, colon)];
  return iri === undefined ? value : iri + value.slice(colon + 1);
}

function gather(value: unknown, key: string, scope: string, prefixes: Record<string, string>, out: Set<string>) {
  if (typeof value === 'string') {
    const terms = vocabularyOf(key, scope);
    const expanded = terms?.get(value) ?? (terms || IRI_KEYS.has(key) ? expandCompact(value, prefixes) : value);
    if (expanded.startsWith('https://ref.gs1.org/cbv') || expanded.startsWith('https://gs1.org/voc')) out.add(expanded);
  } else if (Array.isArray(value)) {
    for (const item of value) gather(item, key, scope, prefixes, out);
  } else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value))
      gather(inner, name, SCOPES.has(name) ? name : scope, prefixes, out);
  }
}

function replaceBare(value: unknown, expanded: readonly string[]): unknown {
  if (typeof value === 'string') {
    const matches = expanded.filter((iri) => iri.endsWith(`-${value}`) || iri.endsWith(`/${value}`));
    return matches.length === 1 ? matches[0] : value;
  }
  if (Array.isArray(value)) return value.map((item) => replaceBare(item, expanded));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, replaceBare(inner, expanded)]));
  return value;
}

/** The expanded CBV and GS1 vocabulary values of an event, as the reference's JSON-LD expansion finds them. */
export function vocabularyValues(event: Record<string, unknown>, context: unknown): string[] {
  const found = new Set<string>();
  gather(event, '', '', prefixesOf(context), found);
  return [...found];
}

/** The event with its bare CBV and GS1 vocabulary strings written as the full web-vocabulary IRIs. */
export function expandBareStrings(event: Record<string, unknown>, context: unknown): Record<string, unknown> {
  return replaceBare(event, vocabularyValues(event, context)) as Record<string, unknown>;
}
