// Damage Carton's quick reasons are reasons the spec accepts: one tap fills a valid reason.
import { describe, expect, it } from 'vitest';
import { QUICK_REASONS } from '../../../../src/client/floor/damage/quick-reasons.js';
import { REASON_MAX, REASON_MIN } from '../../../../src/shared/contracts/numbers/damage.js';

describe('quick reasons', () => {
  it.each(QUICK_REASONS)('"%s" is a reason of the allowed length', (r) => {
    expect(r.trim().length).toBeGreaterThanOrEqual(REASON_MIN);
    expect(r.trim().length).toBeLessThanOrEqual(REASON_MAX);
  });
});
