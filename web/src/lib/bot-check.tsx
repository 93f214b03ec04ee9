/**
 * The proof of work of a public form (docs/design.md §28): on a page with a form, the `altcha` widget is
 * loaded (lazily, its own chunk) and starts solving a challenge in a Web Worker at once, while the
 * customer fills the form; a submit takes the solved payload (waiting for it only if it is not ready,
 * and only then saying "A verificar que não és um robô…"), and the next one starts solving behind it
 * (each serves once). A refused or expired proof gets a fresh one, and the request is sent once more,
 * without a word to the customer.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { botCheckTexts } from '#shared/messages/index.ts';
import { ApiError } from './api.ts';
import type { AltchaWidget } from './altcha-widget.ts';

/** The codes of a refused proof of work (`shared` fixed names): the request is sent again with a fresh one. */
const CHALLENGE_REFUSALS: readonly string[] = ['challenge_required', 'challenge_invalid', 'challenge_used'];
/** A solved proof this close to its challenge's expiry is solved again before it is sent. */
const EXPIRY_MARGIN_MS = 30_000;

interface Ticket {
  readonly payload: string;
  readonly expiresAt: number;
  /** The units of a checkout its challenge was priced for (`shared/proof-of-work.ts`). */
  readonly units: number;
}

/** Where a challenge for `units` comes from: a checkout's proof is priced by the units it reserves. */
const challengeUrl = (units: number): string => (units > 1 ? `/api/challenge?units=${units}` : '/api/challenge');

export interface BotCheck {
  /** Sends `request` with a solved proof; if the proof is refused, once more with a fresh one. */
  readonly withProof: <R>(request: (proof: string) => Promise<R>) => Promise<R>;
  /** Put next to the form's submit button: the hidden widget, and the words while a submit waits for it. */
  readonly status: ReactNode;
}

async function solve(widget: AltchaWidget, units: number): Promise<Ticket> {
  await widget.configure!({ challenge: challengeUrl(units) });
  const result = await widget.verify();
  if (!result?.payload) throw new Error('proof of work not solved');
  const expiresAt = result.challenge?.parameters.expiresAt;
  return {
    payload: result.payload,
    expiresAt: expiresAt ? expiresAt * 1000 : Number.POSITIVE_INFINITY,
    units: result.challenge?.parameters.data?.units ?? 1,
  };
}

/**
 * The proof of work of one form (see the module's comment). `units`: on the checkout, the units of the
 * cart (its proof is priced by them); a proof solved for fewer is solved again before it is sent.
 */
export function useBotCheck(units = 1): BotCheck {
  const unitsRef = useRef(units);
  unitsRef.current = Math.max(1, units);
  const holder = useRef<HTMLDivElement>(null);
  const widget = useRef<Promise<AltchaWidget> | undefined>(undefined);
  const next = useRef<{ readonly solving: Promise<Ticket>; settled: boolean } | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);

  const solveNow = useCallback(() => widget.current!.then((mounted) => solve(mounted, unitsRef.current)), []);

  const start = useCallback(() => {
    const solving = solveNow();
    const entry = { solving, settled: false };
    // A failure is met (and solved again) when a submit takes it.
    solving.then(
      () => (entry.settled = true),
      () => (entry.settled = true),
    );
    next.current = entry;
  }, [solveNow]);

  useEffect(() => {
    if (!holder.current || widget.current) return;
    const element = holder.current;
    widget.current = import('./altcha-widget.ts').then(({ mountWidget }) => mountWidget(element));
    start();
  }, [start]);

  const take = useCallback(async (): Promise<string> => {
    if (!next.current) start();
    const current = next.current!;
    // Only a submit that actually has to wait says so.
    if (!current.settled) setWaiting(true);
    try {
      let ticket = await current.solving.catch(solveNow);
      if (ticket.expiresAt - EXPIRY_MARGIN_MS < Date.now() || ticket.units < unitsRef.current) ticket = await solveNow();
      return ticket.payload;
    } finally {
      setWaiting(false);
      start();
    }
  }, [start, solveNow]);

  const withProof = useCallback(
    async <R,>(request: (proof: string) => Promise<R>): Promise<R> => {
      try {
        return await request(await take());
      } catch (error) {
        if (!(error instanceof ApiError) || !CHALLENGE_REFUSALS.includes(error.code)) throw error;
        return request(await take());
      }
    },
    [take],
  );

  const status = (
    <>
      <div ref={holder} hidden />
      <p className="field-hint bot-check" role="status">
        {waiting ? botCheckTexts.waiting : ''}
      </p>
    </>
  );
  return { withProof, status };
}
