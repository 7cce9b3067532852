// The configuration table's ticks: pure, so the Select All rules are unit-tested without a browser.
import {
  CONFIG_ITEMS,
  configOf,
  emptyConfig,
  type ConfigKey,
  type ProductConfig,
} from '@shared/contracts/product-configuration.js';

export type SelectAllState = 'all' | 'some' | 'none';

export function selectAllState(config: ProductConfig): SelectAllState {
  const ticked = CONFIG_ITEMS.filter((i) => config[i.key]).length;
  return ticked === 0 ? 'none' : ticked === CONFIG_ITEMS.length ? 'all' : 'some';
}

/** Ticking Select All ticks every item; unticking it clears them all. */
export function tickAll(on: boolean): ProductConfig {
  return Object.fromEntries(CONFIG_ITEMS.map((i) => [i.key, on])) as ProductConfig;
}

export function tickItem(config: ProductConfig, key: ConfigKey, on: boolean): ProductConfig {
  return { ...config, [key]: on };
}

/** Reads GetConfigrationData's text map; anything unreadable shows every box clear. */
export function parseConfigText(text: unknown): ProductConfig {
  if (typeof text !== 'string') return emptyConfig();
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? configOf(parsed as Record<string, unknown>) : emptyConfig();
  } catch {
    return emptyConfig();
  }
}
