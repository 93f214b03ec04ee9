/**
 * A product photo as the shop serves it (docs/design.md §21): `<picture>` with AVIF and WebP `srcset`s of
 * the processed widths, the JPEG fallback in `<img>`, `width`/`height` from the photo (its own aspect
 * ratio: no layout shift; a record without them is a square), the blurred placeholder behind the
 * photo until it arrives (set from script, never a `style` attribute: pre-rendered pages keep
 * `style-src 'self'`), and `sizes` given by the caller to match the layout where it is shown. Lazy
 * unless it is the page's largest image (`priority`: eager, `fetchpriority="high"`).
 *
 * `capped`: never shown wider than its pixels allow on the screen at hand: at most its largest
 * rendition's width (the `width` attribute, with CSS `max-width: 100%`) ÷ the screen's pixel ratio
 * (`.photo-cap` in `styles.css`, by steps of `PHOTO_CAP_STEPS`).
 *
 * Without a photo (a piece with none), the shop's placeholder picture.
 */
import { useEffect, useRef } from 'react';
import { photoBox, photoCapStep, photoFallback, photoSrcSet, type ProductPhoto } from '#shared/photos.ts';
import placeholder from './placeholder.svg';

export interface ProductPhotoProps {
  /** The photo; a cart line's keeps no alt text or placeholder. */
  readonly photo:
    | (Pick<ProductPhoto, 'id' | 'widths' | 'fallbackWidth'> & Partial<Pick<ProductPhoto, 'width' | 'height' | 'alt' | 'placeholder'>>)
    | undefined;
  /** The CSS sizes the image is shown at, e.g. `(min-width: 64rem) 18rem, 50vw`. */
  readonly sizes: string;
  /** The page's largest image: loaded at once with high priority. */
  readonly priority?: boolean;
  /** Loaded at once (in the first view) but without raising its priority. */
  readonly eager?: boolean;
  /** Alt text instead of the photo's own (e.g. '' for a decorative duplicate). */
  readonly alt?: string;
  readonly className?: string;
  readonly pictureClassName?: string;
  /** Shown no wider than its largest rendition's pixels ÷ the screen's pixel ratio (see above). */
  readonly capped?: boolean;
}

/**
 * The photo's blurred placeholder behind it while it loads (CSSOM, which the CSP allows), fitted like
 * the photo (`object-fit: contain`): in a frame of another shape it covers only where the photo will be.
 */
function usePlaceholder(placeholderUrl: string | undefined) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element || !placeholderUrl || element.complete) return;
    Object.assign(element.style, {
      backgroundImage: `url("${placeholderUrl}")`,
      backgroundSize: 'contain',
      backgroundRepeat: 'no-repeat',
      backgroundPosition: 'center',
    });
  }, [placeholderUrl]);
  return image;
}

export function ProductPhotoImage({
  photo,
  sizes,
  priority = false,
  eager = false,
  alt,
  className,
  pictureClassName,
  capped = false,
}: ProductPhotoProps) {
  const image = usePlaceholder(photo?.placeholder);
  if (!photo)
    return (
      <img
        className={className}
        src={placeholder}
        alt={alt ?? ''}
        width={800}
        height={800}
        loading={priority || eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    );
  const box = photoBox(photo);
  const classes = [className, capped && `photo-cap photo-cap--${photoCapStep(box.width)}`].filter(Boolean).join(' ') || undefined;
  return (
    <picture className={pictureClassName}>
      <source type="image/avif" srcSet={photoSrcSet(photo, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, 'webp')} sizes={sizes} />
      <img
        className={classes}
        src={photoFallback(photo)}
        alt={alt ?? photo.alt ?? ''}
        width={box.width}
        height={box.height}
        sizes={sizes}
        loading={priority || eager ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        ref={image}
      />
    </picture>
  );
}
