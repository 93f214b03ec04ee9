/**
 * The `altcha` widget (docs/design.md §28), loaded only by the pages with a public form (`bot-check.tsx`
 * imports this module lazily): the build without bundled workers, with its PBKDF2 worker as a file of
 * the shop's own (`worker-src 'self'`, no `blob:`). The widget stays out of sight and out of the
 * accessibility tree: it solves in its worker with no click, and the form says what is happening.
 */
import 'altcha/external';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** What the shop uses of the widget element (`<altcha-widget>`, a custom element). */
export interface AltchaWidget extends HTMLElement {
  /** Undefined until the element's component is mounted. */
  readonly configure?: (config: Record<string, unknown>) => Promise<void>;
  verify(): Promise<{
    readonly payload: string;
    readonly challenge?: { readonly parameters: { readonly expiresAt?: number; readonly data?: { readonly units?: number } } };
  } | null>;
}

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());

/** A widget in `holder` (a hidden element) that fetches its challenges from the shop's API. */
export async function mountWidget(holder: HTMLElement): Promise<AltchaWidget> {
  const widget = document.createElement('altcha-widget') as AltchaWidget;
  widget.setAttribute('challenge', '/api/challenge');
  widget.setAttribute('auto', 'off');
  widget.setAttribute('display', 'invisible');
  holder.append(widget);
  // The element mounts its component a moment after it is connected; its methods exist from then on.
  while (!widget.configure) await new Promise((resolve) => setTimeout(resolve, 0));
  await widget.configure({ minDuration: 0, hideFooter: true, hideLogo: true, humanInteractionSignature: false });
  return widget;
}
