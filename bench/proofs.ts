/**
 * Proof check figures (docs/design.md §29): how long the attach call spends checking a proof of payment,
 * with `checkProofFile` itself (what the two proof-checking functions run before the order moves).
 * - a 1170×2532 phone screenshot as a ~5 MB PNG (text over photo-like noise: the worst case of a
 *   screenshot's size), decoded and re-encoded to the owner's JPEG;
 * - a 12-page bank PDF, parsed and its whole object graph walked for active content.
 * p50 and max of 5 runs each, after one warm-up. Alone: `npx tsx bench/proofs.ts`.
 */
import { pathToFileURL } from 'node:url';
import { checkProofFile } from '#lambdas/services/proof-check.ts';
import { receiptPdf, screenshotPng } from '#test/support/proof-files.ts';

export interface ProofFigures {
  readonly screenshotBytes: number;
  readonly screenshotP50Ms: number;
  readonly screenshotMaxMs: number;
  readonly safeCopyBytes: number;
  readonly pdfBytes: number;
  readonly pdfPages: number;
  readonly pdfP50Ms: number;
  readonly pdfMaxMs: number;
}

const RUNS = 5;
const PDF_PAGES = 12;

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(Math.round(performance.now() - started));
  }
  return times.sort((a, b) => a - b);
}

export async function proofFigures(log: (line: string) => void = () => {}): Promise<ProofFigures> {
  log('proofs: a ~5 MB 1170×2532 screenshot and a 12-page PDF through the proof check');
  const screenshot = await screenshotPng({ noisy: true });
  const pdf = await receiptPdf(PDF_PAGES);
  const safeCopy = await checkProofFile(screenshot, 'image/png');
  const image = await timed(() => checkProofFile(screenshot, 'image/png'));
  const document = await timed(() => checkProofFile(pdf, 'application/pdf'));
  return {
    screenshotBytes: screenshot.byteLength,
    screenshotP50Ms: image[Math.floor(RUNS / 2)]!,
    screenshotMaxMs: image.at(-1)!,
    safeCopyBytes: safeCopy.body.byteLength,
    pdfBytes: pdf.byteLength,
    pdfPages: PDF_PAGES,
    pdfP50Ms: document[Math.floor(RUNS / 2)]!,
    pdfMaxMs: document.at(-1)!,
  };
}

/** The figures as table rows (label, value). */
export function proofRows(figures: ProofFigures): [string, string][] {
  return [
    [
      `screenshot 1170×2532 PNG, ${(figures.screenshotBytes / 1e6).toFixed(1)} MB: check + JPEG copy, p50 / max of ${RUNS} (ms)`,
      `${figures.screenshotP50Ms} / ${figures.screenshotMaxMs}`,
    ],
    ["the owner's JPEG copy", `${Math.round(figures.safeCopyBytes / 1024)} KB`],
    [
      `PDF, ${figures.pdfPages} pages, ${Math.round(figures.pdfBytes / 1024)} KB: parse + active-content walk, p50 / max of ${RUNS} (ms)`,
      `${figures.pdfP50Ms} / ${figures.pdfMaxMs}`,
    ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await proofFigures((line) => process.stdout.write(`${line}\n`));
  for (const [label, value] of proofRows(figures)) process.stdout.write(`${label}: ${value}\n`);
}
