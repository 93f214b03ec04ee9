/** The price of a proof of work (`shared/proof-of-work.ts`): by the units of a checkout and the share of the catalogue held unpaid. */
import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_MAX_UNITS,
  challengeMaxNumber,
  challengeUnits,
  HELD_SHARE_FREE,
  HELD_SHARE_TOP_FACTOR,
  heldLimit,
  heldShareFactor,
  proofPays,
} from '#shared/proof-of-work.ts';

describe('heldShareFactor', () => {
  it('is 1 while the shop is quiet, up to the free share, and for a shop with nothing counted yet', () => {
    expect(heldShareFactor({ held: 0, free: 0 })).toBe(1);
    expect(heldShareFactor({ held: 0, free: 150 })).toBe(1);
    expect(heldShareFactor({ held: HELD_SHARE_FREE * 100, free: (1 - HELD_SHARE_FREE) * 100 })).toBe(1);
    expect(heldShareFactor({ held: -5, free: 10 })).toBe(1);
  });

  it('rises exponentially to the top factor when everything is held, and never past it', () => {
    expect(heldShareFactor({ held: 150, free: 0 })).toBeCloseTo(HELD_SHARE_TOP_FACTOR, 9);
    expect(heldShareFactor({ held: 60, free: 40 })).toBeCloseTo(HELD_SHARE_TOP_FACTOR ** 0.5, 9);
    const shares = [0.3, 0.5, 0.7, 0.9].map((share) => heldShareFactor({ held: share * 1000, free: (1 - share) * 1000 }));
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThan(shares[i - 1]!);
  });
});

describe('challengeMaxNumber', () => {
  it('is the owner’s number times the units times the factor, rounded up', () => {
    expect(challengeMaxNumber(4000, 1, { held: 0, free: 150 })).toBe(4000);
    expect(challengeMaxNumber(4000, 10, { held: 0, free: 150 })).toBe(40_000);
    expect(challengeMaxNumber(100, 2, { held: 150, free: 0 })).toBe(2 * 100 * HELD_SHARE_TOP_FACTOR);
  });

  it('covers 1 to a full cart: fewer is one, more is a full cart', () => {
    expect(challengeUnits(undefined)).toBe(1);
    expect(challengeUnits(0)).toBe(1);
    expect(challengeUnits(2.7)).toBe(2);
    expect(challengeUnits(10_000)).toBe(CHALLENGE_MAX_UNITS);
    expect(challengeUnits(Number.NaN)).toBe(1);
  });
});

describe('heldLimit', () => {
  it('is the last held count at which the proof pays, whatever the catalogue', () => {
    for (const total of [0, 1, 10, 136, 1000])
      for (const [maxNumber, units] of [
        [100, 1],
        [150, 1],
        [1000, 5],
        [6400, 1],
      ] as const) {
        const limit = heldLimit(maxNumber, 100, units, total);
        if (limit >= 0) expect(proofPays(maxNumber, 100, units, { held: limit, free: total - limit })).toBe(true);
        if (limit < total) expect(proofPays(maxNumber, 100, units, { held: limit + 1, free: total - limit - 1 })).toBe(false);
      }
  });

  it('a third of the catalogue for a proof at the quiet price; all of it at the top price; none for too little', () => {
    expect(heldLimit(100, 100, 1, 100)).toBe(33);
    expect(heldLimit(100 * HELD_SHARE_TOP_FACTOR, 100, 1, 136)).toBe(136);
    expect(heldLimit(49, 100, 1, 136)).toBe(-1);
    expect(heldLimit(100, 100, 3, 136)).toBe(-1);
  });
});
