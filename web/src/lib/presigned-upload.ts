/**
 * Sends a file straight to the bucket with a presigned POST (`shared/api.ts` `PresignedUpload`):
 * multipart form data with the signed `fields` first and the file last. XMLHttpRequest rather than
 * fetch, for the upload progress.
 */
import type { PresignedUpload } from '#shared/api.ts';

export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed with status ${status}`);
  }
}

/**
 * Uploads `file`; `onProgress` receives the fraction sent (0-1). Rejects with `UploadError` on a
 * refused upload or a network failure, and with an `AbortError` when `signal` aborts.
 */
export function uploadWithPresignedPost(
  upload: Pick<PresignedUpload, 'url' | 'fields'>,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new UploadError(request.status));
    });
    request.addEventListener('error', () => reject(new UploadError(0)));
    request.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
