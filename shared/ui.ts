/**
 * Interface timings, sizes and the testimonial carousel rules.
 */

/** How long the add-to-cart and over-stock popups stay. */
export const POPUP_MS = 3000;
/** Testimonial carousel auto-advance period. */
export const CAROUSEL_MS = 3000;
/** A swipe must move strictly more than this to change the quote. */
export const SWIPE_THRESHOLD_PX = 50;
/** Widths up to this are mobile (the hero's mobile image); desktop from 769px. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Media query matching mobile widths. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
/** Number of testimonials on the home page. */
export const TESTIMONIAL_COUNT = 5;

/**
 * Moves a carousel index by `step`, wrapping around both ends.
 *
 * @example
 * stepCarousel(4, 1, 5);  // 0
 * stepCarousel(0, -1, 5); // 4
 */
export function stepCarousel(index: number, step: number, count: number = TESTIMONIAL_COUNT): number {
  return (((index + step) % count) + count) % count;
}

/**
 * What a horizontal swipe does, from its movement `endX − startX`: a swipe left of more than 50px
 * advances (+1), a swipe right of more than 50px goes back (−1), anything shorter does nothing (0).
 *
 * @example
 * swipeStep(-51); // 1
 * swipeStep(50);  // 0
 * swipeStep(80);  // -1
 */
export function swipeStep(deltaX: number): -1 | 0 | 1 {
  if (deltaX < -SWIPE_THRESHOLD_PX) return 1;
  if (deltaX > SWIPE_THRESHOLD_PX) return -1;
  return 0;
}
