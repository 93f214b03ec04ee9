/**
 * {prefix}/contactdetail/{contactId}: one contact message loaded by id (the API marks it read).
 */
import type { ReactNode } from 'react';
import { Link, useParams } from '#web/lib/router.tsx';
import { formatDate, formatTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages.ts';
import { adminPaths } from '../admin-paths.ts';
import { useLoad } from '../api/use-load.ts';
import { AdminPage, LoadView } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const t = texts.contact;

function Row({ label, wide, children }: { readonly label: string; readonly wide?: boolean; readonly children: ReactNode }) {
  return (
    <div className={wide ? 'adm-dl-row adm-dl-wide' : 'adm-dl-row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ContactDetailPage() {
  const { contactId = '' } = useParams();
  const { state, reload } = useLoad((api) => api.contactMessage(contactId).then((r) => r.message), [contactId]);
  return (
    <AdminPage title={t.title} back={{ to: adminPaths.contacts, label: t.backToList }}>
      <LoadView state={state} onRetry={reload} notFound={adminTexts.contactNotFound}>
        {(message) => (
          <section className="adm-panel">
            <dl className="adm-dl">
              <Row label={t.name}>{message.name}</Row>
              <Row label={t.email}>
                <a href={`mailto:${message.email}`}>{message.email}</a>{' '}
                <Link className="adm-small" to={adminPaths.customer(message.email)}>{texts.customer.view}</Link>
              </Row>
              <Row label={t.phone}><a href={`tel:${message.phone.replace(/\s/g, '')}`}>{message.phone}</a></Row>
              <Row label={t.subject}>{message.subject}</Row>
              <Row label={t.message} wide><p className="adm-message">{message.message}</p></Row>
              <Row label={t.date}>{formatDate(message.createdAt)}</Row>
              <Row label={t.time}>{formatTime(message.createdAt)}</Row>
            </dl>
            <p className="adm-panel-actions">
              <a
                className="button button--secondary"
                href={`mailto:${message.email}?subject=${encodeURIComponent(t.replySubject(message.subject))}`}
              >
                {t.reply}
              </a>
            </p>
          </section>
        )}
      </LoadView>
    </AdminPage>
  );
}
