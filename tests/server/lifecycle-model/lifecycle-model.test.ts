// The proof of issue 25 (Deliver item 8): random sequences of lifecycle operations through the real API
// (and the outbox push), each floor step first checked by the device as its screen checks it, each
// step held to an independent reference model of the lifecycle, then the read surfaces (scan info,
// journey, recall trace, stock reports, item ledger, dashboards) held to the model's state. One fixed
// seed and one random seed, which is logged. LIFECYCLE_STEPS (per seed), LIFECYCLE_SEED (one given
// seed), LIFECYCLE_OFF (areas to leave out, e.g. expiry,redeem,device), LIFECYCLE_DEVICE_EVERY,
// LIFECYCLE_GAPS (hold the product to the model on its known gaps too, model.ts) and
// LIFECYCLE_SHRINK_SECONDS tune a run.
import { describe, expect, it } from 'vitest';
import { useApp } from '../../helpers/use-app.js';
import { Generator, areasOff, mulberry32 } from './generator.js';
import type { Op } from './ops.js';
import { coverage, failureText, runSteps, shrink, timing } from './run.js';
import { lifecycleWorld, type World } from './world.js';

const STEPS = Number(process.env.LIFECYCLE_STEPS ?? 2500);
/** Steps of one namespace: a few codes live that long before most of them are spent. */
const EPOCH = 150;
/** Every how many floor steps the device checks the scans first (its cache pulled again then). */
const DEVICE_EVERY = Number(process.env.LIFECYCLE_DEVICE_EVERY ?? 2);
const SHRINK_SECONDS = Number(process.env.LIFECYCLE_SHRINK_SECONDS ?? 60);
const FIXED_SEED = 20_261_127;
const seeds = process.env.LIFECYCLE_SEED
  ? [Number(process.env.LIFECYCLE_SEED)]
  : [FIXED_SEED, Math.floor(Math.random() * 2 ** 31)];

const t = useApp({ verifyLimitPerAddress: 1_000_000 });

/** Each namespace opens with both batches mapped, then the generator's steps. */
const opening: Op[] = [
  { k: 'map', from: 0, to: 7 },
  { k: 'map', from: 8, to: 15 },
];

describe('the lifecycle model and the product agree', () => {
  for (const seed of seeds) {
    it(`over ${STEPS} random steps of seed ${seed}`, async () => {
      console.log(`lifecycle model: seed ${seed}, ${STEPS} steps`);
      const rnd = mulberry32(seed);
      const off = areasOff();
      for (let done = 0; done < STEPS; done += EPOCH) {
        // A company of its own per epoch: the device caches, reports and dashboards read a company's
        // whole data, which would otherwise grow with every epoch before it.
        const w: World = await lifecycleWorld(t);
        const gen = new Generator(rnd, off);
        const steps = Math.min(EPOCH, STEPS - done);
        const started = Date.now();
        const failure = await runSteps(
          w,
          (m, i) => (i < opening.length ? opening[i]! : i < steps ? gen.next(m) : null),
          { touched: true, traceEvery: 50, sweepEvery: 100, deviceEvery: off.has('device') ? 0 : DEVICE_EVERY },
        );
        if (process.env.LIFECYCLE_TIMING)
          console.log(
            `steps ${done}..${done + steps}: ${((Date.now() - started) / steps).toFixed(1)} ms a step; ${timing.text()}`,
          );
        if (failure) {
          const short = await shrink(w, failure, SHRINK_SECONDS);
          expect.fail(failureText(short, seed));
        }
      }
      if (process.env.LIFECYCLE_TIMING) console.log(coverage.text());
    }, 600_000);
  }
});
