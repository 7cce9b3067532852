// The floor in Hindi (issue 27 item 6): every key has Hindi (Devanagari wherever the English has
// words), and the device's and server's English messages, fixed or with values, are said in Hindi with
// their codes and counts kept, while an unknown message stays the English it came as.
import { describe, expect, it } from 'vitest';
import { CARTON_DAMAGE_MSG } from '../../../../src/shared/contracts/floor/carton-damage.js';
import { RETURN_MSG } from '../../../../src/shared/contracts/floor/carton-return.js';
import { RECEIVE_MSG } from '../../../../src/shared/contracts/floor/dispatch-receive.js';
import { DISPATCH_MSG } from '../../../../src/shared/contracts/floor/dispatch.js';
import { COPY_MSG, PACKING_MSG } from '../../../../src/shared/contracts/floor/packing.js';
import { REPLACE_MSG } from '../../../../src/shared/contracts/floor/replace.js';
import { en } from '../../../../src/client/floor/words/en.js';
import { hi } from '../../../../src/client/floor/words/hi.js';
import { sayIn } from '../../../../src/client/floor/words/say.js';
import type { WordKey } from '../../../../src/client/floor/words/words.js';

const DEVANAGARI = /[\u0900-\u097F]/;
const say = sayIn(hi);
/** Letters outside values: a text with any is words, not only a code. */
const hasWords = (s: string) =>
  /[A-Za-z]{2,}/.test(s.replace(/\S*\d\S*/g, '').replace(/\b(QR|SID|TID|DID|PID|LR|MFG|EXP|UOM)\b/g, ''));
const sample = (fn: (...a: never[]) => string) =>
  (fn as (...a: unknown[]) => string)(...Array.from({ length: fn.length }, (_, i) => (i % 2 ? 7 : 'SID0001')));

describe('the Hindi words', () => {
  it('have every key, non-empty, in Devanagari where the English has words', () => {
    for (const key of Object.keys(en) as WordKey[]) {
      const e = en[key];
      const h = hi[key];
      expect(typeof h, key).toBe(typeof e);
      const [eText, hText] = typeof e === 'function' ? [sample(e), sample(h as typeof e)] : [e as string, h as string];
      expect(hText.trim(), key).not.toBe('');
      if (hasWords(eText)) expect(hText, key).toMatch(DEVANAGARI);
    }
  });
});

const contracts = { PACKING_MSG, COPY_MSG, CARTON_DAMAGE_MSG, DISPATCH_MSG, RECEIVE_MSG, RETURN_MSG, REPLACE_MSG };
/** The server's own checks of a request's shape, which a floor screen never shows, and a code with
 *  another message (tested below). */
const notShown = new Set(['RETURN_MSG.flag', 'RECEIVE_MSG.idList', 'REPLACE_MSG.inCarton']);

describe('say', () => {
  it('says every floor message of the contracts in Hindi', () => {
    for (const [group, messages] of Object.entries(contracts))
      for (const [name, m] of Object.entries(messages)) {
        if (notShown.has(`${group}.${name}`)) continue;
        const texts =
          typeof m === 'function'
            ? [
                (m as (...a: unknown[]) => string)(...Array.from({ length: m.length }, () => 'KA12')),
                (m as (...a: unknown[]) => string)('SID0001', 3, 2),
                (m as (...a: unknown[]) => string)('SID0001', 1, 0),
                (m as (...a: unknown[]) => string)(3, true),
                (m as (...a: unknown[]) => string)(1, false),
                (m as (...a: unknown[]) => string)('SID0001', true),
              ].filter((t) => !t.includes('undefined') && !t.includes('NaN'))
            : [m];
        // A function is tried with codes and with counts: one of them is its real shape.
        expect(
          texts.some((text) => DEVANAGARI.test(say(text))),
          `${group}.${name}: ${texts.join(' | ')}`,
        ).toBe(true);
      }
  });

  it('keeps codes and counts, in Latin digits', () => {
    expect(say(PACKING_MSG.packed('SKA26000123'))).toBe('पहले ही SKA26000123 में पैक है।');
    expect(say(PACKING_MSG.closed('SKA26000123', 10))).toBe('SKA26000123 10 के साथ बंद: भेजने के लिए कतार में।');
    expect(say(RECEIVE_MSG.received('DKA26000001', 4, 2))).toBe('DKA26000001 लिया गया, 4 कार्टन; 2 गायब।');
    expect(say(RECEIVE_MSG.received('DKA26000001', 1, 0))).toBe('DKA26000001 लिया गया, 1 कार्टन।');
    expect(say(RETURN_MSG.done(3, true))).toBe('3 कार्टन रास्ते से वापस लिए गए।');
    expect(say(en.added('KA12'))).toBe('KA12 जुड़ गया');
  });

  it('says a known message inside another (the server named in Pending work, a code with its problem)', () => {
    expect(say(en.serverSaid(PACKING_MSG.alreadyScanned))).toBe('सर्वर: पहले ही स्कैन हो चुका');
    expect(say(REPLACE_MSG.inCarton('KA12', PACKING_MSG.forged))).toBe('KA12: यह कोड असली नहीं है।');
  });

  it('leaves an unknown message as the English it came in', () => {
    expect(say('Something new from the server.')).toBe('Something new from the server.');
    expect(sayIn(en)(PACKING_MSG.scanFirst)).toBe(PACKING_MSG.scanFirst);
  });
});
