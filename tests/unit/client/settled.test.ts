// The early answers (menu, a list's first page) are read synchronously by the first render: `settled`
// must be on the object the caller holds before anyone awaiting `answer` resumes.
import { describe, expect, it } from 'vitest';
import { settling } from '../../../src/client/api/settled.js';

describe('settling', () => {
  it('is unset while the request is out, and set on the same object before awaiters resume', async () => {
    let answer!: (v: string) => void;
    const held = settling(
      { token: 't1' },
      new Promise<string>((r) => {
        answer = r;
      }),
    );
    expect(held.settled).toBeUndefined();
    const seen = held.answer.then(() => held.settled);
    answer('menu');
    expect(await seen).toBe('menu');
    expect(held).toMatchObject({ token: 't1', settled: 'menu' });
  });
});
