// The verification page's Hindi mode: the server's known messages translated, values kept, anything
// else shown as sent; English mode shows the spec's texts as written.
import { describe, expect, it } from 'vitest';
import { POINTS_MSG } from '../../../src/shared/contracts/loyalty/points-words.js';
import { isRecallMessage, isWrittenOffMessage, VERIFY_MSG } from '../../../src/shared/contracts/public/verify-rules.js';
import { hindiMessage, say, WORDS } from '../../../src/public-page/words.js';

const DEVANAGARI = /[\u0900-\u097F]/;

describe('hindiMessage', () => {
  it.each([
    VERIFY_MSG.genuine,
    VERIFY_MSG.forged,
    VERIFY_MSG.unmapped,
    VERIFY_MSG.demapped,
    VERIFY_MSG.replaced,
    VERIFY_MSG.damaged(''),
    VERIFY_MSG.detailsNeeded,
    VERIFY_MSG.name,
    VERIFY_MSG.nameAlpha,
    VERIFY_MSG.email,
    VERIFY_MSG.emailValid,
    VERIFY_MSG.mobile,
    VERIFY_MSG.mobileValid,
    VERIFY_MSG.code,
    VERIFY_MSG.tooMany,
    VERIFY_MSG.busy,
    POINTS_MSG.points,
    POINTS_MSG.pending,
    POINTS_MSG.notYours,
    POINTS_MSG.feedback,
    POINTS_MSG.feedbackSaved,
    POINTS_MSG.feedbackGiven,
    POINTS_MSG.feedbackUnknown,
  ])('translates %s', (message) => {
    expect(hindiMessage(message)).toMatch(DEVANAGARI);
  });

  it('keeps the values of a templated message', () => {
    const twice = hindiMessage(VERIFY_MSG.verifiedBefore(2, '3 Feb 2026', 'Nashik, Maharashtra'));
    expect(twice).toMatch(DEVANAGARI);
    expect(twice).toContain('2 बार');
    expect(twice).toContain('3 Feb 2026');
    expect(twice).toContain('Nashik, Maharashtra');
    const once = hindiMessage(VERIFY_MSG.verifiedBefore(1, '3 Feb 2026', ''));
    expect(once).toContain('एक बार');
    expect(once).toContain('3 Feb 2026');
    expect(once).not.toContain(' में।');
    expect(hindiMessage(VERIFY_MSG.damaged('Leaking'))).toContain('(Leaking)');
    const expired = hindiMessage(VERIFY_MSG.expired('2026-01-31'));
    expect(expired).toMatch(DEVANAGARI);
    expect(expired).toContain('2026-01-31');
    expect(hindiMessage(VERIFY_MSG.labelMismatch('batch'))).toContain('बैच');
    expect(hindiMessage(POINTS_MSG.overBalance(40))).toContain('40');
    expect(hindiMessage(POINTS_MSG.requested(25))).toContain('25');
  });

  it('shows an unknown message as sent, and English as written', () => {
    expect(hindiMessage('Something new from the server.')).toBe('Something new from the server.');
    expect(say('en', VERIFY_MSG.forged)).toBe(VERIFY_MSG.forged);
    expect(WORDS.en.title).toBe('Product Verification Detail');
    expect(WORDS.en.detailsForm).toBe('Details Form');
    expect(WORDS.en.earned(12)).toBe('You earned 12 points');
  });

  it('has every English word in Hindi', () => {
    expect(Object.keys(WORDS.hi).sort()).toEqual(Object.keys(WORDS.en).sort());
  });
});

describe('the refusal headings', () => {
  it('tell a written-off pack and a recalled batch from a forgery', () => {
    expect(isWrittenOffMessage(VERIFY_MSG.damaged('Crushed'))).toBe(true);
    expect(isWrittenOffMessage(VERIFY_MSG.damaged(''))).toBe(true);
    expect(isRecallMessage(VERIFY_MSG.recalled('Seal failure'))).toBe(true);
    for (const m of [VERIFY_MSG.forged, VERIFY_MSG.unmapped, VERIFY_MSG.recalled('x')])
      expect(isWrittenOffMessage(m)).toBe(false);
    expect(isRecallMessage(VERIFY_MSG.damaged('x'))).toBe(false);
  });
});
