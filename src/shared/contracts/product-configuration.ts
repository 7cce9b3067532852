// Product Configuration (spec 1 sections 2.12, 3.6, 4, 5.3): per-product flags sent as a text map of
// item name to true/false, applied to one product (btnsingle) or to all of its company's (btnall).
// Issue 27 adds each product's default carton sizes (secondary, tertiary) as two optional fields beside
// the spec's: a client that sends only the spec's fields leaves the defaults as they are.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { noData } from './answer.js';
import { wholeNumber } from './fields.js';

/** The known items, in the table's order: label on screen, key in the map. */
export const CONFIG_ITEMS = [
  { key: 'IsFeedback', label: 'Feedback' },
  { key: 'IsProductImage', label: 'Product Image' },
] as const;

export type ConfigKey = (typeof CONFIG_ITEMS)[number]['key'];
export type ProductConfig = Record<ConfigKey, boolean>;

export const BTN_TYPES = ['btnsingle', 'btnall'] as const;
export type BtnType = (typeof BTN_TYPES)[number];

export const PRODUCT_CONFIG_MSG = {
  productRequired: 'Please select Product.',
  configInvalid: 'ProdConfiguration must be a JSON object of item names and true/false values.',
  unknownItem: (key: string) => `Unknown configuration item: ${key.slice(0, 40)}`,
  valueInvalid: (key: string) => `${key} must be true or false.`,
  btnTypeInvalid: 'BtnType must be btnsingle or btnall.',
  savedSingle: 'Product configuration saved successfully.',
  savedAll: 'Product configuration applied to all products successfully.',
  notFound: 'Product not found.',
  cartonInvalid: (label: string) => `${label} must be a carton size id.`,
  cartonNotFound: (label: string) => `${label}: carton size not found or inactive.`,
} as const;

const KEYS: readonly string[] = CONFIG_ITEMS.map((i) => i.key);

/** Every item false: a product never configured. */
export const emptyConfig = (): ProductConfig =>
  Object.fromEntries(CONFIG_ITEMS.map((i) => [i.key, false])) as ProductConfig;

/** The stored flags read back as a full map (unknown stored keys ignored, missing ones false). */
export function configOf(stored: Record<string, unknown> | null | undefined): ProductConfig {
  const out = emptyConfig();
  for (const k of KEYS) out[k as ConfigKey] = stored?.[k] === true;
  return out;
}

/** The text map: a JSON object whose keys are known items and whose values are true or false. */
export const prodConfiguration = z
  .string({ error: PRODUCT_CONFIG_MSG.configInvalid })
  .max(2000, PRODUCT_CONFIG_MSG.configInvalid)
  .transform((text, ctx): ProductConfig => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_CONFIG_MSG.configInvalid });
      return z.NEVER;
    }
    const entries = Object.entries(parsed as Record<string, unknown>);
    const unknown = entries.find(([k]) => !KEYS.includes(k));
    if (unknown) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_CONFIG_MSG.unknownItem(unknown[0]) });
      return z.NEVER;
    }
    const notFlag = entries.find(([, v]) => typeof v !== 'boolean');
    if (notFlag) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_CONFIG_MSG.valueInvalid(notFlag[0]) });
      return z.NEVER;
    }
    // An item left out of the map is off.
    return configOf(parsed as Record<string, unknown>);
  });

/** The default carton sizes, labelled as the form shows them. */
export const DEFAULT_CARTONS = [
  { key: 'SecondaryCartonId', label: 'Default secondary carton size' },
  { key: 'TertiaryCartonId', label: 'Default tertiary carton size' },
] as const;
export type DefaultCartonKey = (typeof DEFAULT_CARTONS)[number]['key'];
export type DefaultCartons = Record<DefaultCartonKey, number | null>;

/** A default carton: a Carton master id, or null (or 0) for none; absent leaves it as it is. */
const defaultCarton = (label: string) =>
  z
    .union([z.null(), wholeNumber(PRODUCT_CONFIG_MSG.cartonInvalid(label), 0)], {
      error: PRODUCT_CONFIG_MSG.cartonInvalid(label),
    })
    .transform((v) => (v === 0 ? null : v))
    .optional();

export const productConfigurationSave = z.strictObject({
  ProductId: wholeNumber(PRODUCT_CONFIG_MSG.productRequired, 1),
  ProdConfiguration: prodConfiguration,
  BtnType: z.enum(BTN_TYPES, { error: PRODUCT_CONFIG_MSG.btnTypeInvalid }),
  SecondaryCartonId: defaultCarton(DEFAULT_CARTONS[0].label),
  TertiaryCartonId: defaultCarton(DEFAULT_CARTONS[1].label),
});

export type ProductConfigurationSave = z.input<typeof productConfigurationSave>;

/** GetConfigrationData's answer: the product and its flags as the same text map the save takes, and
 *  its default carton sizes (null: none). */
export const productConfigurationData = z.object({
  ProductId: z.number(),
  ProdConfiguration: z.string(),
  SecondaryCartonId: z.number().nullable(),
  TertiaryCartonId: z.number().nullable(),
});
export type ProductConfigurationData = z.infer<typeof productConfigurationData>;

const pages = [PAGE.productConfiguration];

// Spellings as the spec's paths write them.
export const PRODUCT_CONFIG_API = {
  save: postEndpoint('ProductConfiguration/UpdateProductConfigration', { pages }, productConfigurationSave, noData),
  read: getEndpoint('ProductConfiguration/GetConfigrationData/:productId', { pages }, productConfigurationData),
};

/** The text map for a save. */
export const configText = (config: ProductConfig): string => JSON.stringify(config);
