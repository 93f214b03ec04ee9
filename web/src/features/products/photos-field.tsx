/**
 * The product's photos: up to 8, in order (the first is the main image, the second the hover image on
 * cards), each with its alt text. Chosen files (phone photos up to 20 MB) are uploaded and processed
 * (`usePhotoUploads`), with a progress bar, until they are ready or refused with the server's
 * Portuguese message. Photos move before/after each other and are removed with buttons.
 */
import { useId, useRef } from 'react';
import type { ProductPhoto } from '#shared/photos.ts';
import { MAX_PHOTO_ALT } from '#shared/schemas/product-input.ts';
import { IMAGE_ACCEPT } from '#shared/uploads.ts';
import { ProductPhotoImage } from '#web/ui/product-photo.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { usePhotoUploads, type Pending } from './use-photo-uploads.ts';

const t = texts.productForm;

export function PhotosField(props: {
  readonly value: readonly ProductPhoto[];
  readonly productName: string;
  readonly error?: string;
  readonly onChange: (update: (photos: readonly ProductPhoto[]) => readonly ProductPhoto[]) => void;
  /** Told when an upload starts and ends, so that the form waits for it. */
  readonly onBusyChange: (busy: boolean) => void;
}) {
  const { value, productName, error, onChange, onBusyChange } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploads = usePhotoUploads({ photos: value.length, onChange, onBusyChange });

  const move = (from: number, to: number) =>
    onChange((photos) => {
      const next = [...photos];
      const [photo] = next.splice(from, 1);
      next.splice(to, 0, photo!);
      return next;
    });
  const edit: PhotoEdit = {
    move,
    setAlt: (index, alt) => onChange((photos) => photos.map((p, i) => (i === index ? { ...p, alt } : p))),
    remove: (index) => onChange((photos) => photos.filter((_, i) => i !== index)),
  };
  const choose = (files: FileList | null) => {
    uploads.choose(files);
    if (input.current) input.current.value = '';
  };

  return (
    <fieldset className={`adm-photos${error ? ' adm-invalid' : ''}`} aria-describedby={`${id}-hint`}>
      <legend>{t.photos}</legend>
      <p id={`${id}-hint`} className="muted adm-small">
        {t.photosHint}
      </p>
      {error && (
        <p className="adm-small adm-error-text" role="alert">
          {error}
        </p>
      )}
      {value.length === 0 && uploads.pending.length === 0 && <p className="muted adm-small">{t.noPhotos}</p>}
      <ol className="adm-photo-list">
        {value.map((photo, index) => (
          <PhotoItem key={photo.id} photo={photo} index={index} count={value.length} productName={productName} edit={edit} />
        ))}
        {uploads.pending.map((item) => (
          <PendingPhoto key={`pending-${item.key}`} item={item} onDismiss={() => uploads.dismiss(item.key)} />
        ))}
      </ol>
      <label className={`button button--secondary button--small${uploads.full ? ' adm-disabled' : ''}`}>
        {t.addPhotos}
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          name="photos"
          multiple
          accept={IMAGE_ACCEPT}
          disabled={uploads.full}
          onChange={(e) => choose(e.target.files)}
        />
      </label>
      {uploads.full && <span className="muted adm-small">{t.photosFull}</span>}
    </fieldset>
  );
}

/** What the owner does with a photo of the list, by its place. */
interface PhotoEdit {
  move(from: number, to: number): void;
  setAlt(index: number, alt: string): void;
  remove(index: number): void;
}

/** A photo of the product: its preview (main or hover badge), its alt text, and its place in the order. */
function PhotoItem(props: {
  readonly photo: ProductPhoto;
  readonly index: number;
  readonly count: number;
  readonly productName: string;
  readonly edit: PhotoEdit;
}) {
  const { photo, index, count, productName, edit } = props;
  return (
    <li className="adm-photo" data-photo-id={photo.id}>
      <div className="adm-photo-preview">
        <ProductPhotoImage photo={photo} sizes="8rem" alt="" />
        {index < 2 && <span className="adm-photo-badge">{index === 0 ? t.mainPhoto : t.hoverPhoto}</span>}
      </div>
      <label className="adm-small">
        {t.photoAlt} {index + 1}
        <input
          type="text"
          className="input"
          name={`photoAlt${index}`}
          value={photo.alt}
          maxLength={MAX_PHOTO_ALT}
          placeholder={productName}
          onChange={(e) => edit.setAlt(index, e.target.value)}
        />
      </label>
      <span className="muted adm-small">{t.photoAltHint(productName)}</span>
      <div className="adm-photo-actions">
        <button
          type="button"
          className="button button--quiet button--small"
          disabled={index === 0}
          aria-label={t.movePhotoBefore(index + 1)}
          onClick={() => edit.move(index, index - 1)}
        >
          ←
        </button>
        <button
          type="button"
          className="button button--quiet button--small"
          disabled={index === count - 1}
          aria-label={t.movePhotoAfter(index + 1)}
          onClick={() => edit.move(index, index + 1)}
        >
          →
        </button>
        <button type="button" className="button button--quiet button--small" onClick={() => edit.remove(index)}>
          {t.removePhoto(index + 1)}
        </button>
      </div>
    </li>
  );
}

/** A file on its way: its preview and name, the upload's progress, the processing, or why it was refused. */
function PendingPhoto({ item, onDismiss }: { readonly item: Pending; readonly onDismiss: () => void }) {
  return (
    <li className="adm-photo adm-photo--pending">
      <div className="adm-photo-preview">{item.preview ? <img src={item.preview} alt="" /> : null}</div>
      <span className="adm-small">{item.name}</span>
      {item.phase.kind === 'uploading' && (
        <span className="adm-progress" role="status">
          <progress className="progress" max={100} value={item.phase.percent} aria-label={t.uploading(item.phase.percent)} />
          <span className="adm-small">{t.uploading(item.phase.percent)}</span>
        </span>
      )}
      {item.phase.kind === 'processing' && (
        <span className="adm-progress" role="status">
          <progress className="progress" aria-label={t.processing} />
          <span className="adm-small">{t.processing}</span>
        </span>
      )}
      {item.phase.kind === 'error' && (
        <>
          <span className="adm-small adm-error-text" role="alert">
            {item.phase.message}
          </span>
          <button type="button" className="button button--quiet button--small" onClick={onDismiss}>
            {t.dismiss}
          </button>
        </>
      )}
    </li>
  );
}
