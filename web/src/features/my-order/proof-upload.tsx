import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { checkoutTexts, validationTexts } from '#shared/messages/index.ts';
import {
  MAX_PROOF_BYTES,
  PROOF_ACCEPT,
  PROOF_CONTENT_TYPES,
  SNIFF_BYTES,
  sniffContentType,
  type ProofContentType,
} from '#shared/uploads.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useBotCheck } from '#web/lib/bot-check.tsx';
import { publicWrites } from '#web/lib/public-writes.ts';
import { uploadWithPresignedPost } from '#web/lib/presigned-upload.ts';
import type { UploadedProof } from '#web/lib/checkout-session.ts';

/** The file's type as the server expects it; HEIC photos often come without one. */
function proofContentType(file: File): ProofContentType | null {
  const type = file.type.toLowerCase();
  if ((PROOF_CONTENT_TYPES as readonly string[]).includes(type)) return type as ProofContentType;
  if (type === 'image/jpg') return 'image/jpeg';
  if ((type === '' || type === 'image/heif') && /\.(heic|heif)$/i.test(file.name)) return 'image/heic';
  return null;
}

/** Checks the chosen file before asking for an upload: type and size, with the schema's pt-PT messages. */
export function proofProblem(file: File): string | null {
  if (!proofContentType(file)) return validationTexts.proofContentType.invalid;
  if (file.size < 1 || file.size > MAX_PROOF_BYTES) return validationTexts.proofSize.invalid;
  return null;
}

/**
 * What the file really is, from its first bytes (the server checks the same way): a file renamed to
 * look like an image is refused before it is sent, never reported as sent.
 */
async function sniffFile(file: File): Promise<ProofContentType | undefined> {
  return sniffContentType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}

type Status = { kind: 'idle' } | { kind: 'uploading'; fraction: number; name: string } | { kind: 'error'; message: string };

/**
 * Sending a chosen file as the proof: checked (type, size, first bytes), then straight to the bucket
 * with a presigned POST, its progress in `status`. A new choice aborts the upload under way, and so
 * does leaving the page. `onChange` receives the uploaded proof, or null while there is none.
 */
function useProofUploader(onChange: (proof: UploadedProof | null) => void, onUploadingChange: (uploading: boolean) => void) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const botCheck = useBotCheck();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = proofProblem(file);
    if (problem) {
      setStatus({ kind: 'error', message: problem });
      return;
    }
    const contentType = await sniffFile(file);
    if (!contentType) {
      onChange(null);
      setStatus({ kind: 'error', message: validationTexts.proofContentType.invalid });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    onChange(null);
    onUploadingChange(true);
    setStatus({ kind: 'uploading', fraction: 0, name: file.name });
    try {
      const upload = await botCheck.withProof((proof) => publicWrites.requestProofUpload({ contentType, size: file.size }, proof));
      await uploadWithPresignedPost(
        upload,
        file,
        (fraction) => setStatus({ kind: 'uploading', fraction, name: file.name }),
        controller.signal,
      );
      setStatus({ kind: 'idle' });
      onChange({ key: upload.key, name: file.name, size: file.size });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Proof upload failed', error);
      setStatus({ kind: 'error', message: errorMessage(error, checkoutTexts.proofUploadFailed) });
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        onUploadingChange(false);
      }
    }
  };

  return { status, choose, botCheckStatus: botCheck.status };
}

/**
 * The proof of payment: checked, then sent straight to the bucket with a presigned POST, with a
 * progress bar. `onChange` receives the uploaded proof, or null while there is none. `refusal`: the
 * server's refusal of the last file sent (not a real picture or PDF, docs/design.md §29), shown under
 * the field until another file is chosen.
 */
export function ProofUpload({
  proof,
  onChange,
  onUploadingChange,
  disabled = false,
  refusal,
}: {
  proof: UploadedProof | null;
  onChange: (proof: UploadedProof | null) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** Nothing can be sent (the reservation is over). */
  disabled?: boolean;
  refusal?: string | null;
}) {
  const { status, choose, botCheckStatus } = useProofUploader(onChange, onUploadingChange);
  const inputId = useId();

  const uploading = status.kind === 'uploading';
  return (
    <div className="proof-upload">
      <input
        id={inputId}
        className="proof-upload__input visually-hidden"
        type="file"
        name="proof"
        accept={PROOF_ACCEPT}
        disabled={uploading || disabled}
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => void choose(event)}
      />
      <label
        htmlFor={inputId}
        className={
          uploading || disabled
            ? 'button button--secondary proof-upload__button is-disabled'
            : 'button button--secondary proof-upload__button'
        }
      >
        {proof ? 'Escolher outro ficheiro' : 'Escolher comprovativo'}
      </label>
      <p id={`${inputId}-hint`} className="field-hint">
        Imagem (JPEG, PNG, WebP ou HEIC) ou PDF, até 10 MB.
      </p>
      <div role="status" className="proof-upload__status">
        {uploading && (
          <>
            <p>
              {checkoutTexts.proofUploading} {status.name} ({Math.round(status.fraction * 100)}%)
            </p>
            <progress className="progress" max={1} value={status.fraction} aria-label="Progresso do envio do comprovativo" />
          </>
        )}
        {!uploading && proof && <p className="notice notice--success">{checkoutTexts.proofUploaded(proof.name)}</p>}
      </div>
      {botCheckStatus}
      <div role="alert">
        {status.kind === 'error' ? (
          <p className="notice notice--error">{status.message}</p>
        ) : (
          refusal && !uploading && <p className="notice notice--error">{refusal}</p>
        )}
      </div>
    </div>
  );
}
