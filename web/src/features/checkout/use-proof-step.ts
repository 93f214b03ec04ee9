import { useRef, useState } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import type { PlaceOrderResponse } from '#shared/api.ts';
import type { ProofMethod } from '#shared/ledger.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { api, ApiError } from '#web/lib/api.ts';
import { cartStore } from '#web/lib/cart-store.ts';
import { clearProof, clearReservation, loadProof, recordPlacedOrder, saveProof, type UploadedProof } from './checkout-session.ts';
import { orderRefusal, type Refusal } from './order-refusal.tsx';

/** A refused proof; `closed`: the reservation is over (nothing more can be sent for it). */
export type ProofRefusal = Refusal & { readonly closed?: boolean };

/**
 * The proof step of /payment: the uploaded proof (kept in the session), whether one is uploading, and
 * sending it, which completes the order (on to /thank-you, the cart emptied) or says why not.
 * `done`: the order is complete and the page is leaving.
 */
export function useProofStep() {
  const navigate = useNavigate();
  const [proof, setProof] = useState<UploadedProof | null>(loadProof);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<ProofRefusal | null>(null);
  /** The server refused the file itself (shown under the file field): another file is needed. */
  const [fileRefused, setFileRefused] = useState<string | null>(null);
  const done = useRef(false);

  const changeProof = (next: UploadedProof | null) => {
    setProof(next);
    setRefused(null);
    setFileRefused(null);
    if (next) saveProof(next);
    else clearProof();
  };

  const sendProof = async ({ order }: PlaceOrderResponse, method?: ProofMethod) => {
    if (!proof) {
      setRefused({ message: checkoutTexts.proofMissing, fix: null });
      return;
    }
    setSending(true);
    setRefused(null);
    try {
      const paid = await api.attachProof(order.id, order.accessToken, proof.key, method);
      done.current = true;
      recordPlacedOrder(paid, order.accessToken);
      cartStore().clear();
      navigate(paths.thankYou, { replace: true });
    } catch (error) {
      console.error('Sending the proof failed', error);
      const fileProblem = error instanceof ApiError ? error.fields?.proofKey : undefined;
      if (fileProblem || (error instanceof ApiError && error.code === 'proof_used')) changeProof(null);
      if (fileProblem) {
        setFileRefused(fileProblem);
        setSending(false);
        return;
      }
      // A closed reservation cannot be paid: the next visit to the shipping step reserves anew.
      const over = error instanceof ApiError && (error.code === 'reservation_expired' || error.code === 'order_closed');
      if (over) clearReservation();
      setRefused({ ...orderRefusal(error), closed: over });
      setSending(false);
    }
  };

  return { proof, changeProof, uploading, setUploading, sending, refused, fileRefused, done, sendProof };
}
