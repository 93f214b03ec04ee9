import { useState, type RefObject } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import type { CustomerOrderResponse, PlaceOrderResponse } from '#shared/api.ts';
import type { ProofMethod } from '#shared/ledger.ts';
import { paths } from '#shared/paths.ts';
import { attachProofSchema } from '#shared/schemas/place-order.ts';
import { api, ApiError } from '#web/lib/api.ts';
import { cartStore } from '#web/lib/cart-store.ts';
import type { FieldMessages } from '#web/lib/form.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { clearProof, clearReservation, loadProof, recordPlacedOrder, saveProof, type UploadedProof } from '#web/lib/checkout-session.ts';
import { orderRefusal, type Refusal } from '#web/ui/order-refusal.tsx';

/** A refused proof; `closed`: the reservation is over (nothing more can be sent for it). */
export type ProofRefusal = Refusal & { readonly closed?: boolean };

/** The server refused the file itself (a 400 naming `proofKey`): said under the file field, another file is needed. */
export function proofFileRefusal(error: unknown): FieldMessages | null {
  const message = error instanceof ApiError ? error.fields?.proofKey : undefined;
  return message ? { proofKey: message } : null;
}

/** The reservation is over (its time ran out, or it was closed): it cannot be paid. */
export function reservationOver(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'reservation_expired' || error.code === 'order_closed');
}

/** The uploaded file cannot be sent again: refused itself, or already the proof of another order. */
export function proofSpent(error: unknown): boolean {
  return proofFileRefusal(error) !== null || (error instanceof ApiError && error.code === 'proof_used');
}

/** A refusal that is not the file's: the server's words, where to fix it, and whether the reservation is over. */
export function proofRefusal(error: unknown): ProofRefusal {
  return { ...orderRefusal(error), closed: reservationOver(error) };
}

/**
 * How the proof form checks and reads a refusal: the server's schema (a missing file is `proofKey`'s
 * message, under the file field), the file's refusal under the file field only (no alert), any other
 * refusal in the server's words.
 */
export const PROOF_FORM = {
  schema: attachProofSchema,
  fieldOrder: ['proofKey'],
  serverFields: proofFileRefusal,
  refusedFieldsAlert: () => undefined,
  failedMessage: (error: unknown) => orderRefusal(error).message,
} as const;

export interface ProofFormOptions<R> {
  /** The proof already uploaded, if any (the payment page keeps it in the session). */
  readonly initial?: () => UploadedProof | null;
  /** Keeps the proof as it changes (null: none). */
  readonly keep?: (proof: UploadedProof | null) => void;
  /** The manual method the proof is for, when not the order's own (a failed provider payment paid by hand). */
  readonly method?: ProofMethod;
  readonly send: (proofKey: string, method: ProofMethod | undefined) => Promise<R>;
  readonly onSent: (result: R) => void;
  readonly onFailed?: (error: unknown) => void;
}

export interface ProofForm {
  readonly formRef: RefObject<HTMLFormElement | null>;
  readonly onSubmit: ReturnType<typeof useFormSubmit>['onSubmit'];
  readonly proof: UploadedProof | null;
  /** For `ProofUpload`'s `onChange`: a new file (or none) clears the last refusal. */
  readonly changeProof: (next: UploadedProof | null) => void;
  readonly uploading: boolean;
  readonly setUploading: (uploading: boolean) => void;
  readonly sending: boolean;
  /** The last refusal that is not the file's (said in the alert), or null. */
  readonly refused: ProofRefusal | null;
  /** The file's refusal (or the missing file), said under the file field, or null. */
  readonly fileRefused: string | null;
}

/**
 * The proof of a payment made by hand, as a form of one field (`proofKey`, the uploaded file) sent
 * with `useFormSubmit` and the server's own schema: a second click or Enter sends nothing, a refused
 * file is said under the file field (which gets the focus) and must be chosen again, any other
 * refusal is said with where to fix it.
 */
export function useProofForm<R>(options: ProofFormOptions<R>): ProofForm {
  const [proof, setProof] = useState<UploadedProof | null>(() => options.initial?.() ?? null);
  const [uploading, setUploading] = useState(false);
  const keepProof = (next: UploadedProof | null) => {
    setProof(next);
    options.keep?.(next);
  };
  const form = useFormSubmit({
    ...PROOF_FORM,
    values: { proofKey: proof?.key, ...(options.method ? { method: options.method } : {}) },
    send: ({ proofKey, method }) => options.send(proofKey, method),
    onSent: (result) => options.onSent(result),
    onFailed: (error) => {
      console.error('Sending the proof failed', error);
      if (proofSpent(error)) keepProof(null);
      options.onFailed?.(error);
    },
  });
  const changeProof = (next: UploadedProof | null) => {
    keepProof(next);
    form.reset();
  };
  const failed = form.outcome.kind === 'failed' && form.outcome.error !== undefined ? form.outcome.error : undefined;
  return {
    formRef: form.formRef,
    onSubmit: form.onSubmit,
    proof,
    changeProof,
    uploading,
    setUploading,
    sending: form.sending,
    refused: failed === undefined ? null : proofRefusal(failed),
    fileRefused: form.errors.proofKey ?? null,
  };
}

/**
 * The proof step of /payment: the uploaded proof (kept in the session), whether one is uploading, and
 * sending it, which completes the order (on to /thank-you, the cart emptied) or says why not.
 * `done` (the page's): the order is complete and the page is leaving.
 */
export function useProofStep({ order }: PlaceOrderResponse, method: ProofMethod | undefined, done: RefObject<boolean>): ProofForm {
  const navigate = useNavigate();
  return useProofForm<CustomerOrderResponse>({
    initial: loadProof,
    keep: (proof) => (proof ? saveProof(proof) : clearProof()),
    method,
    send: (proofKey, chosen) => api.attachProof(order.id, order.accessToken, proofKey, chosen),
    onSent: (paid) => {
      done.current = true;
      recordPlacedOrder(paid, order.accessToken);
      cartStore().clear();
      navigate(paths.thankYou, { replace: true });
    },
    // A closed reservation cannot be paid: the next visit to the shipping step reserves anew.
    onFailed: (error) => {
      if (reservationOver(error)) clearReservation();
    },
  });
}
