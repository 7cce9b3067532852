// Product Configuration's ticks and the text map (spec 1 sections 2.12, 3.6).
import { describe, expect, it } from 'vitest';
import {
  parseConfigText,
  selectAllState,
  tickAll,
  tickItem,
} from '../../../src/client/features/masters/product-configuration/config-state.js';
import { productConfigurationSave, PRODUCT_CONFIG_MSG } from '../../../src/shared/contracts/product-configuration.js';

describe('Select All', () => {
  it('is ticked when every item is, mixed when some are, clear when none are', () => {
    expect(selectAllState({ IsFeedback: true, IsProductImage: true })).toBe('all');
    expect(selectAllState({ IsFeedback: false, IsProductImage: true })).toBe('some');
    expect(selectAllState({ IsFeedback: false, IsProductImage: false })).toBe('none');
  });

  it('ticks and clears every item; an item ticks alone', () => {
    expect(tickAll(true)).toEqual({ IsFeedback: true, IsProductImage: true });
    expect(tickAll(false)).toEqual({ IsFeedback: false, IsProductImage: false });
    expect(tickItem(tickAll(true), 'IsFeedback', false)).toEqual({ IsFeedback: false, IsProductImage: true });
  });
});

describe('the text map', () => {
  it('reads the server text, treating anything unreadable as all clear', () => {
    expect(parseConfigText('{"IsFeedback":true,"IsProductImage":false}')).toEqual({
      IsFeedback: true,
      IsProductImage: false,
    });
    expect(parseConfigText('{"IsFeedback":"true"}')).toEqual({ IsFeedback: false, IsProductImage: false });
    expect(parseConfigText('not json')).toEqual({ IsFeedback: false, IsProductImage: false });
    expect(parseConfigText(null)).toEqual({ IsFeedback: false, IsProductImage: false });
  });

  it('the contract turns the text into a full map and names the first problem', () => {
    const ok = productConfigurationSave.safeParse({
      ProductId: 3,
      ProdConfiguration: '{"IsFeedback":true}',
      BtnType: 'btnall',
    });
    expect(ok.success && ok.data.ProdConfiguration).toEqual({ IsFeedback: true, IsProductImage: false });
    const bad = productConfigurationSave.safeParse({ ProdConfiguration: '{}', BtnType: 'btnsingle' });
    expect(bad.success ? null : bad.error.issues[0]!.message).toBe(PRODUCT_CONFIG_MSG.productRequired);
  });
});
