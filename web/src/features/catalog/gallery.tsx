/** The product page's photos (`./product-page.tsx`), styled in `catalog.css`. */
import { useRef, useState } from 'react';
import type { Product } from '#shared/product.ts';
import { ProductPhotoImage } from '#web/ui/product-photo.tsx';

/**
 * The width the gallery's photo is shown at (`catalog.css`): 1.1fr of the two columns of the
 * 1200 px page (gutters 3rem, gap 3rem) from 1200 px, of the page less its 4vw gutters from 769 px,
 * the page's width less its gutters (4vw, at least 1rem) below. A photo capped by its pixels
 * (`capped`) is shown narrower; the browser then takes its largest rendition.
 */
export const GALLERY_SIZES =
  '(min-width: 1200px) 553px, (min-width: 769px) calc(48.2vw - 25px), (min-width: 400px) 92vw, calc(100vw - 2rem)';
const THUMB_SIZES = '5rem';

/**
 * The product's photos: a strip that swipes on touch (scroll snapping), thumbnails that go to a photo,
 * and a zoom view (the photo as large as the screen and its pixels allow) on click. Each photo is
 * shown whole at its own aspect ratio (its width and height from its record); a thumbnail shows it
 * whole in a square. The first photo is the page's largest image (loaded at once, high priority);
 * the others load when near.
 */
export function Gallery({ product }: { product: Product }) {
  const photos = product.photos;
  const [chosen, setChosen] = useState(0);
  const [zoomed, setZoomed] = useState<number>();
  const strip = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const show = (index: number) => {
    setChosen(index);
    const element = strip.current;
    if (element) element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
  };
  const zoom = (index: number) => {
    setZoomed(index);
    dialog.current?.showModal();
  };
  if (photos.length === 0)
    return (
      <div className="gallery">
        <ProductPhotoImage photo={undefined} className="gallery__main" sizes={GALLERY_SIZES} priority />
      </div>
    );
  const zoomedPhoto = zoomed === undefined ? undefined : photos[zoomed];
  return (
    <div className="gallery">
      <div
        ref={strip}
        className="gallery__strip"
        aria-label={`Fotos da peça (${photos.length})`}
        role="group"
        onScroll={(event) => {
          const element = event.currentTarget;
          const index = Math.round(element.scrollLeft / Math.max(1, element.clientWidth));
          if (index !== chosen && index >= 0 && index < photos.length) setChosen(index);
        }}
      >
        {photos.map((photo, i) => (
          <button
            key={photo.id}
            type="button"
            className="gallery__slide"
            aria-label={`Ampliar a foto ${i + 1}: ${photo.alt}`}
            onClick={() => zoom(i)}
          >
            <ProductPhotoImage photo={photo} className="gallery__main" sizes={GALLERY_SIZES} priority={i === 0} capped />
          </button>
        ))}
      </div>
      {photos.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Escolher foto">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={i === chosen}
                aria-label={`Foto ${i + 1}: ${photo.alt}`}
                onClick={() => show(i)}
              >
                <ProductPhotoImage photo={photo} alt="" sizes={THUMB_SIZES} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        className="gallery__zoom"
        aria-label="Foto ampliada"
        onClose={() => setZoomed(undefined)}
        onClick={(event) => event.target === event.currentTarget && dialog.current?.close()}
      >
        {zoomedPhoto && <ProductPhotoImage photo={zoomedPhoto} className="gallery__zoomed" sizes="100vw" eager capped />}
        <button type="button" className="gallery__close button button--secondary button--small" onClick={() => dialog.current?.close()}>
          Fechar
        </button>
      </dialog>
    </div>
  );
}
