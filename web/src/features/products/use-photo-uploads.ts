/**
 * The product form's photos on their way in: each chosen file is checked, uploaded through a presigned
 * POST (with its progress), then followed while the server processes it (rotated, resized, stripped of
 * EXIF/GPS) until it is ready (then added to the product's photos) or refused with the server's
 * Portuguese message.
 */
import { useEffect, useRef, useState } from 'react';
import { adminTexts } from '#shared/messages/index.ts';
import { MAX_PHOTOS, type ProductPhoto } from '#shared/photos.ts';
import { imageUploadRequestSchema } from '#shared/schemas/index.ts';
import { uploadWithPresignedPost } from '#web/lib/presigned-upload.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

/** How often, and how long, the form asks whether a photo is processed. */
const POLL_MS = 1000;
const PROCESSING_LIMIT_MS = 120_000;

/** A chosen file until it is one of the product's photos: uploading, processing, or refused. */
export interface Pending {
  readonly key: number;
  readonly name: string;
  readonly preview?: string;
  readonly phase:
    | { readonly kind: 'uploading'; readonly percent: number }
    | { readonly kind: 'processing' }
    | { readonly kind: 'error'; readonly message: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PhotoUploads {
  readonly pending: readonly Pending[];
  /** Photos and uploads under way (a refused one no longer counts) fill the 8 places. */
  readonly full: boolean;
  /** Starts uploading the chosen files, as many as there is room for. */
  choose(files: FileList | null): void;
  /** Removes a refused upload from the list. */
  dismiss(key: number): void;
}

export function usePhotoUploads(options: {
  /** The product's photos so far. */
  readonly photos: number;
  readonly onChange: (update: (photos: readonly ProductPhoto[]) => readonly ProductPhoto[]) => void;
  /** Told when an upload starts and ends, so that the form waits for it. */
  readonly onBusyChange: (busy: boolean) => void;
}): PhotoUploads {
  const { photos, onChange, onBusyChange } = options;
  const api = useAdminApi();
  const nextKey = useRef(0);
  const [pending, setPending] = useState<readonly Pending[]>([]);
  const previews = useRef(new Set<string>());

  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const update = (key: number, phase: Pending['phase'] | undefined) =>
    setPending((list) => (phase ? list.map((p) => (p.key === key ? { ...p, phase } : p)) : list.filter((p) => p.key !== key)));

  /** Polls the upload until the server has processed it: the photo, or the reason it was refused. */
  const processed = async (uploadId: string): Promise<{ photo: ProductPhoto } | { message: string }> => {
    const until = Date.now() + PROCESSING_LIMIT_MS;
    for (;;) {
      const status = await api.imageUploadStatus(uploadId);
      if (status.status === 'ready') return { photo: { ...status.photo, alt: '' } };
      if (status.status === 'failed') return { message: status.message };
      if (Date.now() > until) return { message: texts.productForm.processingSlow };
      await sleep(POLL_MS);
    }
  };

  const send = async (file: File, key: number) => {
    const request = imageUploadRequestSchema.safeParse({ contentType: file.type, size: file.size });
    if (!request.success) return update(key, { kind: 'error', message: request.error.issues[0]?.message ?? adminTexts.imageUploadFailed });
    onBusyChange(true);
    try {
      const { upload } = await api.imageUpload(request.data);
      await uploadWithPresignedPost(upload, file, (fraction) => update(key, { kind: 'uploading', percent: Math.round(fraction * 100) }));
      update(key, { kind: 'processing' });
      const result = await processed(upload.uploadId);
      if ('message' in result) return update(key, { kind: 'error', message: result.message });
      const { photo } = result;
      onChange((list) => (list.some((p) => p.id === photo.id) || list.length >= MAX_PHOTOS ? list : [...list, photo]));
      update(key, undefined);
    } catch (failure) {
      update(key, { kind: 'error', message: failureMessage(adminTexts.imageUploadFailed, failure) });
    } finally {
      onBusyChange(false);
    }
  };

  const under = pending.filter((p) => p.phase.kind !== 'error').length;
  const choose = (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, Math.max(0, MAX_PHOTOS - photos - under));
    const added = chosen.map((file) => {
      const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
      if (preview) previews.current.add(preview);
      return { key: nextKey.current++, name: file.name, preview, phase: { kind: 'uploading', percent: 0 } } satisfies Pending;
    });
    setPending((list) => [...list, ...added]);
    chosen.forEach((file, i) => void send(file, added[i]!.key));
  };

  return { pending, full: photos + under >= MAX_PHOTOS, choose, dismiss: (key) => update(key, undefined) };
}
