/**
 * The order's history, newest first (its reservation, every status change, e-mail and note, each with
 * who and when), and a note the owner adds to it.
 */
import { useState } from 'react';
import type { Order, TimelineEntry } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { ORDER_STATUS_INFO } from '#shared/order-status.ts';
import { orderNoteSchema } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useFormSubmit, outcomeNotice } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.order;

type Entry = TimelineEntry;

/** What happened, in a line (every kind of entry: a new kind fails the typecheck here, not the page). */
export function entryText(entry: Entry): string {
  switch (entry.kind) {
    case 'note':
    case 'payment':
      // The payment provider's part is written in words by the server: a payment started or refused, a refund.
      return entry.text ?? '';
    case 'reserved':
      return t.timelineReserved;
    case 'email':
      return t.timelineEmail(t.emailKinds[entry.email!] ?? entry.email, t.emailStatus[entry.outcome!] ?? entry.outcome);
    case 'status':
      return t.timelineStatus(ORDER_STATUS_INFO[entry.from!]?.label ?? entry.from, ORDER_STATUS_INFO[entry.to!]?.label ?? entry.to);
    default:
      return entry.kind satisfies never;
  }
}

export function TimelinePanel({ order, onOrder }: { readonly order: Order; readonly onOrder: (order: Order) => void }) {
  const api = useAdminApi();
  const [text, setText] = useState('');
  const entries = [...order.timeline].reverse();
  // Every message is the panel's, under the form (the field is one line).
  const form = useFormSubmit({
    schema: orderNoteSchema,
    fieldOrder: [],
    values: { text },
    invalidAlert: (errors) => errors.text ?? t.noteFailed,
    send: (note) => api.addOrderNote(order.id, note.text),
    onSent: (answer) => {
      onOrder(answer.order);
      setText('');
    },
    serverFields: () => null,
    failedMessage: (failure) => `${t.noteFailed} ${errorMessage(failure)}`,
  });

  return (
    <Panel id="adm-timeline" title={t.timeline}>
      <ul className="adm-timeline">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <span className="adm-strong">{entryText(entry)}</span>
            {(entry.kind === 'status' || entry.kind === 'email') && entry.text && (
              <span className={entry.kind === 'email' ? 'adm-small adm-error-text' : 'adm-small'}>{entry.text}</span>
            )}
            <span className="muted adm-small">
              {formatDateTime(entry.at)} · {t.timelineBy(entry.by)}
            </span>
          </li>
        ))}
      </ul>
      <form ref={form.formRef} onSubmit={form.onSubmit} className="adm-stack">
        <TextField
          label={t.noteLabel}
          name="note"
          value={text}
          maxLength={TEXT_LIMITS.note}
          onChange={(e) => setText(e.target.value)}
          disabled={form.sending}
        />
        <button type="submit" className="button button--secondary" disabled={form.sending || text.trim() === ''}>
          {form.sending ? t.addingNote : t.addNote}
        </button>
      </form>
      <ActionFeedback notice={outcomeNotice(form.outcome)} />
    </Panel>
  );
}
