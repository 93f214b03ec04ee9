import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_MS,
  MOBILE_BREAKPOINT_PX,
  MOBILE_MEDIA_QUERY,
  POPUP_MS,
  SWIPE_THRESHOLD_PX,
  TESTIMONIAL_COUNT,
  stepCarousel,
  swipeStep,
} from '#shared/ui.ts';

describe('interface constants', () => {
  it('are 3 s popups and carousel steps, 50px swipes, 5 quotes and mobile up to 768px', () => {
    expect(POPUP_MS).toBe(3000);
    expect(CAROUSEL_MS).toBe(3000);
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(TESTIMONIAL_COUNT).toBe(5);
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 768px)');
  });
});

describe('testimonial carousel', () => {
  it('cycles over the 5 quotes with wrap-around', () => {
    expect([0, 1, 2, 3, 4].map((i) => stepCarousel(i, 1))).toEqual([1, 2, 3, 4, 0]);
    expect([0, 1, 2, 3, 4].map((i) => stepCarousel(i, -1))).toEqual([4, 0, 1, 2, 3]);
    expect(stepCarousel(1, 1, 3)).toBe(2);
  });

  it('moves only on swipes of more than 50px: left advances, right goes back', () => {
    expect(swipeStep(-51)).toBe(1);
    expect(swipeStep(-50)).toBe(0);
    expect(swipeStep(0)).toBe(0);
    expect(swipeStep(50)).toBe(0);
    expect(swipeStep(51)).toBe(-1);
  });
});
