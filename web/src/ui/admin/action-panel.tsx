/**
 * What every back-office panel that does something shows (an order's status, its e-mails and notes,
 * the stock, a product's deletion, a customer's anonymisation, an export…): `ActionFeedback` says how
 * its action went (the state is `useAction`'s or `useFormSubmit`'s, `#web/lib/use-submit.ts`), `Panel`
 * is the titled frame of a detail page's panels.
 */
import type { ReactNode } from 'react';
import type { Notice } from '#web/lib/use-submit.ts';
import { Feedback } from './admin-ui.tsx';

/**
 * The notice of an action, if any: one line as it is, several as paragraphs, then `children` (more
 * lines, a button that follows from it).
 */
export function ActionFeedback({ notice, children }: { readonly notice: Notice | undefined; readonly children?: ReactNode }) {
  if (!notice) return null;
  const single = notice.lines.length === 1 && !children;
  return (
    <Feedback kind={notice.kind}>
      {single ? notice.lines[0] : notice.lines.map((line) => <p key={line}>{line}</p>)}
      {children}
    </Feedback>
  );
}

/** A titled panel of a detail page (the title names the section for assistive technology). */
export function Panel(props: {
  readonly id: string;
  readonly title: ReactNode;
  readonly className?: string;
  readonly testId?: string;
  readonly children: ReactNode;
}) {
  const { id, title, className, testId, children } = props;
  return (
    <section className={className ? `adm-panel ${className}` : 'adm-panel'} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="adm-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
