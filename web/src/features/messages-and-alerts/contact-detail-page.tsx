/**
 * {prefix}/contactdetail/{contactId}: one contact message loaded by id (the API marks it read).
 */
import { Link, useParams } from '#web/lib/router.tsx';
import { formatDate, formatTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { messageCustomerRef } from '#shared/customer-ref.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { AdminPage, DetailRow, LoadView } from '#web/ui/admin/admin-ui.tsx';
import { EmailAddress } from '#web/ui/admin/email-address.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.contact;

export function ContactDetailPage() {
  const { contactId = '' } = useParams();
  const { state, reload } = useLoad((api) => api.contactMessage(contactId).then((r) => r.message), [contactId]);
  return (
    <AdminPage title={t.title} back={{ to: adminPaths.contacts, label: t.backToList }}>
      <LoadView state={state} onRetry={reload} notFound={adminTexts.contactNotFound}>
        {(message) => (
          <section className="adm-panel">
            <dl className="adm-dl">
              <DetailRow label={t.name}>{message.name}</DetailRow>
              <DetailRow label={t.email}>
                <EmailAddress email={message.email} link />{' '}
                <Link
                  className="button button--small button--secondary adm-customer-link"
                  to={adminPaths.customer(messageCustomerRef(message.id))}
                >
                  {texts.customer.view}
                </Link>
              </DetailRow>
              <DetailRow label={t.phone}>
                <a href={`tel:${message.phone.replace(/\s/g, '')}`}>{message.phone}</a>
              </DetailRow>
              <DetailRow label={t.subject}>{message.subject}</DetailRow>
              <DetailRow label={t.message} wide>
                <p className="adm-message">{message.message}</p>
              </DetailRow>
              <DetailRow label={t.date}>{formatDate(message.createdAt)}</DetailRow>
              <DetailRow label={t.time}>{formatTime(message.createdAt)}</DetailRow>
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
