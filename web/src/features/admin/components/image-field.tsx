/**
 * A product image input: choose a file, which is checked (type, size), uploaded to the images bucket
 * through a presigned POST with a progress bar, and previewed; the resulting `/images/...` path is the
 * field's value. Remove clears it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../../../shared/messages.ts';
import { imageUploadRequestSchema } from '../../../../../shared/schemas/index.ts';
import { IMAGE_ACCEPT } from '../../../../../shared/uploads.ts';
import { failureMessage } from '../api/admin-api.ts';
import { useAdminApi } from '../auth/session.tsx';
import { texts } from '../texts.ts';
import { uploadWithPresignedPost } from '../../../lib/presigned-upload.ts';

const t = texts.productForm;

type Phase = { readonly kind: 'idle' } | { readonly kind: 'uploading'; readonly percent: number } | { readonly kind: 'done' } | { readonly kind: 'error'; readonly message: string };

export function ImageField(props: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly error?: string;
  readonly onChange: (path: string) => void;
  /** Told when an upload starts and ends, so that the form waits for it. */
  readonly onBusyChange: (busy: boolean) => void;
}) {
  const { label, name, value, error, onChange, onBusyChange } = props;
  const api = useAdminApi();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<string>();

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const request = imageUploadRequestSchema.safeParse({ contentType: file.type, size: file.size });
    if (!request.success) {
      setPhase({ kind: 'error', message: request.error.issues[0]?.message ?? messages.admin.imageUploadFailed });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setPhase({ kind: 'uploading', percent: 0 });
    onBusyChange(true);
    try {
      const { upload } = await api.imageUpload(request.data);
      await uploadWithPresignedPost(upload, file, (fraction) => setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) }));
      onChange(upload.path);
      setPhase({ kind: 'done' });
    } catch (failure) {
      setPreview(undefined);
      setPhase({ kind: 'error', message: failureMessage(messages.admin.imageUploadFailed, failure) });
    } finally {
      onBusyChange(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = preview ?? (value || undefined);
  const uploading = phase.kind === 'uploading';
  const problem = phase.kind === 'error' ? phase.message : error;
  return (
    <fieldset className={`adm-image-field${problem ? ' adm-invalid' : ''}`} aria-describedby={`${id}-hint`}>
      <legend>{label}</legend>
      <div className="adm-image-row">
        <div className="adm-image-preview">
          {shown ? <img src={shown} alt={label} /> : <span className="muted adm-small">{t.noImage}</span>}
        </div>
        <div className="adm-image-controls">
          <label className={`button button--secondary button--small${uploading ? ' adm-disabled' : ''}`}>
            {value ? t.replaceImage : t.chooseImage}
            <input
              ref={input}
              className="visually-hidden"
              type="file"
              name={name}
              accept={IMAGE_ACCEPT}
              disabled={uploading}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </label>
          {value && !uploading && (
            <button
              type="button"
              className="button button--quiet button--small"
              onClick={() => {
                setPreview(undefined);
                setPhase({ kind: 'idle' });
                onChange('');
              }}
            >
              {t.removeImage}
            </button>
          )}
          <span id={`${id}-hint`} className="muted adm-small">{t.imageHint}</span>
          {uploading && (
            <span className="adm-progress" role="status">
              <progress className="progress" max={100} value={phase.percent} aria-label={t.uploading(phase.percent)} />
              <span className="adm-small">{t.uploading(phase.percent)}</span>
            </span>
          )}
          {phase.kind === 'done' && <span className="adm-small adm-ok-text" role="status">{t.uploaded}</span>}
          {problem && <span className="adm-small adm-error-text" role="alert">{problem}</span>}
        </div>
      </div>
    </fieldset>
  );
}
