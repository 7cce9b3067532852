// Test files known to run for minutes start first. vitest otherwise orders a fresh clone's files by
// size, and the lifecycle model test (3.5 min on PGlite, in a small file) would start near the end and
// run alone on one of the two workers while the other sat idle.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW = ['/tests/server/lifecycle-model/lifecycle-model.test.ts'];

const isSlow = (spec: TestSpecification) => SLOW.some((path) => spec.moduleId.endsWith(path));

export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isSlow), ...sorted.filter((spec) => !isSlow(spec))];
  }
}
