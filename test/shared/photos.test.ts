/** The photo record as pages read it (shared/photos.ts): its box, its widths and its cap by pixels. */
import { describe, expect, it } from 'vitest';
import { heightAt, photoBox, photoCapStep, photoWidths, LARGEST_SIZE } from '#shared/photos.ts';

describe('photo records', () => {
  it('a photo keeps its own shape: a 3:2 photo is 1440×960, its renditions 3:2', () => {
    const photo = { width: 1440, height: 960, widths: photoWidths(1440), fallbackWidth: 960 };
    expect(photoBox(photo)).toEqual({ width: 1440, height: 960 });
    expect(photo.widths.map((w) => [w, heightAt(photo, w)])).toEqual([
      [320, 213],
      [640, 427],
      [960, 640],
      [1440, 960],
    ]);
    expect(LARGEST_SIZE).toEqual({ width: 1440, height: 2160 });
  });

  it('a photo processed as a square stays square; a record without its size is read as a square of its largest width', () => {
    expect(photoBox({ width: 800, height: 800, widths: [320, 640, 800], fallbackWidth: 800 })).toEqual({ width: 800, height: 800 });
    expect(photoBox({ widths: [320, 640, 960, 1440], fallbackWidth: 960 })).toEqual({ width: 1440, height: 1440 });
    expect(photoBox({ width: 1440, widths: [1440], fallbackWidth: 960 })).toEqual({ width: 1440, height: 1440 });
    expect(photoBox({ width: 0, height: Number.NaN, widths: [320, 500], fallbackWidth: 500 })).toEqual({ width: 500, height: 500 });
  });

  it('the cap step is the largest width rounded down to a step (160 at least), so a screen never shows a photo above its pixels', () => {
    expect([1440, 1439, 960, 800, 640, 500, 320, 200, 90].map(photoCapStep)).toEqual([1440, 960, 960, 640, 640, 320, 320, 160, 160]);
  });
});
