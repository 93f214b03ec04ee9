/**
 * The product's photos: up to 8, in order (the first is the main image, the second the hover image on
 * cards), each with its alt text. Chosen files (phone photos up to 20 MB) are checked, uploaded
 * through a presigned POST with a progress bar, then followed while the server processes them
 * (rotated, resized, stripped of EXIF/GPS) until they are ready or refused with the server's
 * Portuguese message. Photos move before/after each other and are removed with buttons.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { adminTexts } from '#shared/messages.ts';
import { MAX_PHOTOS, type ProductPhoto } from '#shared/photos.ts';
import { imageUploadRequestSchema } from '#shared/schemas/index.ts';
import { MAX_PHOTO_ALT } from '#shared/schemas/product-input.ts';
import { IMAGE_ACCEPT } from '#shared/uploads.ts';
import { uploadWithPresignedPost } from '#web/lib/presigned-upload.ts';
import { ProductPhotoImage } from '#web/ui/product-photo.tsx';
import { failureMessage } from '../api/admin-api.ts';
import { useAdminApi } from '../auth/session.tsx';
import { texts } from '../texts.ts';

const t = texts.productForm;
/** How often, and how long, the form asks whether a photo is processed. */
const POLL_MS = 1000;
const PROCESSING_LIMIT_MS = 120_000;

interface Pending {
  readonly key: number;
  readonly name: string;
  readonly preview?: string;
  readonly phase: { readonly kind: 'uploading'; readonly percent: number } | { readonly kind: 'processing' } | { readonly kind: 'error'; readonly message: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function PhotosField(props: {
  readonly value: readonly ProductPhoto[];
  readonly productName: string;
  readonly error?: string;
  readonly onChange: (update: (photos: readonly ProductPhoto[]) => readonly ProductPhoto[]) => void;
  /** Told when an upload starts and ends, so that the form waits for it. */
  readonly onBusyChange: (busy: boolean) => void;
}) {
  const { value, productName, error, onChange, onBusyChange } = props;
  const api = useAdminApi();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [pending, setPending] = useState<readonly Pending[]>([]);
  const previews = useRef(new Set<string>());

  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const update = (key: number, phase: Pending['phase'] | undefined) =>
    setPending((list) => (phase ? list.map((p) => (p.key === key ? { ...p, phase } : p)) : list.filter((p) => p.key !== key)));

  const send = async (file: File, key: number) => {
    const request = imageUploadRequestSchema.safeParse({ contentType: file.type, size: file.size });
    if (!request.success) return update(key, { kind: 'error', message: request.error.issues[0]?.message ?? adminTexts.imageUploadFailed });
    onBusyChange(true);
    try {
      const { upload } = await api.imageUpload(request.data);
      await uploadWithPresignedPost(upload, file, (fraction) => update(key, { kind: 'uploading', percent: Math.round(fraction * 100) }));
      update(key, { kind: 'processing' });
      const until = Date.now() + PROCESSING_LIMIT_MS;
      for (;;) {
        const status = await api.imageUploadStatus(upload.uploadId);
        if (status.status === 'ready') {
          const photo = { ...status.photo, alt: '' };
          onChange((photos) => (photos.some((p) => p.id === photo.id) || photos.length >= MAX_PHOTOS ? photos : [...photos, photo]));
          return update(key, undefined);
        }
        if (status.status === 'failed') return update(key, { kind: 'error', message: status.message });
        if (Date.now() > until) return update(key, { kind: 'error', message: t.processingSlow });
        await sleep(POLL_MS);
      }
    } catch (failure) {
      update(key, { kind: 'error', message: failureMessage(adminTexts.imageUploadFailed, failure) });
    } finally {
      onBusyChange(false);
    }
  };

  const choose = (files: FileList | null) => {
    const room = MAX_PHOTOS - value.length - pending.filter((p) => p.phase.kind !== 'error').length;
    const chosen = [...(files ?? [])].slice(0, Math.max(0, room));
    const added = chosen.map((file) => {
      const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
      if (preview) previews.current.add(preview);
      return { key: nextKey.current++, name: file.name, preview, phase: { kind: 'uploading', percent: 0 } } satisfies Pending;
    });
    setPending((list) => [...list, ...added]);
    chosen.forEach((file, i) => void send(file, added[i]!.key));
    if (input.current) input.current.value = '';
  };

  const move = (from: number, to: number) =>
    onChange((photos) => {
      const next = [...photos];
      const [photo] = next.splice(from, 1);
      next.splice(to, 0, photo!);
      return next;
    });
  const setAlt = (index: number, alt: string) => onChange((photos) => photos.map((p, i) => (i === index ? { ...p, alt } : p)));
  const remove = (index: number) => onChange((photos) => photos.filter((_, i) => i !== index));

  const full = value.length + pending.filter((p) => p.phase.kind !== 'error').length >= MAX_PHOTOS;
  return (
    <fieldset className={`adm-photos${error ? ' adm-invalid' : ''}`} aria-describedby={`${id}-hint`}>
      <legend>{t.photos}</legend>
      <p id={`${id}-hint`} className="muted adm-small">{t.photosHint}</p>
      {error && <p className="adm-small adm-error-text" role="alert">{error}</p>}
      {value.length === 0 && pending.length === 0 && <p className="muted adm-small">{t.noPhotos}</p>}
      <ol className="adm-photo-list">
        {value.map((photo, index) => (
          <li key={photo.id} className="adm-photo" data-photo-id={photo.id}>
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
                onChange={(e) => setAlt(index, e.target.value)}
              />
            </label>
            <span className="muted adm-small">{t.photoAltHint(productName)}</span>
            <div className="adm-photo-actions">
              <button type="button" className="button button--quiet button--small" disabled={index === 0} aria-label={t.movePhotoBefore(index + 1)} onClick={() => move(index, index - 1)}>
                ←
              </button>
              <button type="button" className="button button--quiet button--small" disabled={index === value.length - 1} aria-label={t.movePhotoAfter(index + 1)} onClick={() => move(index, index + 1)}>
                →
              </button>
              <button type="button" className="button button--quiet button--small" onClick={() => remove(index)}>
                {t.removePhoto(index + 1)}
              </button>
            </div>
          </li>
        ))}
        {pending.map((item) => (
          <li key={`pending-${item.key}`} className="adm-photo adm-photo--pending">
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
                <span className="adm-small adm-error-text" role="alert">{item.phase.message}</span>
                <button type="button" className="button button--quiet button--small" onClick={() => update(item.key, undefined)}>
                  {t.dismiss}
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      <label className={`button button--secondary button--small${full ? ' adm-disabled' : ''}`}>
        {t.addPhotos}
        <input ref={input} className="visually-hidden" type="file" name="photos" multiple accept={IMAGE_ACCEPT} disabled={full} onChange={(e) => choose(e.target.files)} />
      </label>
      {full && <span className="muted adm-small">{t.photosFull}</span>}
    </fieldset>
  );
}
