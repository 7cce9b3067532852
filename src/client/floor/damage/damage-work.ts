// Damage Carton's local effect: the carton (SID or TID) is damaged here at once, so no floor screen of
// this device packs, dispatches or damages it again (work/registry.ts).
import { parseSlipId } from '@shared/codes.js';
import { CARTON_DAMAGE_API } from '@shared/contracts/floor/carton-damage.js';
import { workEffect } from '../work/local-work.js';

export const damageWork = workEffect(CARTON_DAMAGE_API.damage, (work, p) => {
  const id = parseSlipId(p.DamageCid)?.text;
  if (id) work.damaged.add(id);
});
