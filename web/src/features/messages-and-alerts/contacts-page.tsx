/**
 * {prefix}/admincontact, 'Lista de Contactos': newest first, unread messages marked, one server page
 * at a time.
 */
import { Link } from '#web/lib/router.tsx';
import type { ContactMessage } from '#shared/api.ts';
import { formatDate, formatTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { usePagedList } from '#web/lib/admin/use-paged.ts';
import { PagedTable } from '#web/ui/admin/paged-table.tsx';
import { AdminPage } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.contacts;

export function ContactsPage() {
  const list = usePagedList(
    (api, cursor) => api.contactMessages(cursor).then((page) => ({ items: page.messages, nextCursor: page.nextCursor })),
    [],
  );
  return (
    <AdminPage title={t.title}>
      <PagedTable
        list={list}
        columns={5}
        empty={adminTexts.noContactMessages}
        moreLabel={t.more}
        head={
          <tr>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.time}</th>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.subject}</th>
            <th scope="col">
              <span className="visually-hidden">{t.details}</span>
            </th>
          </tr>
        }
        row={(message: ContactMessage) => (
          <tr key={message.id} className={message.read ? undefined : 'adm-unread'}>
            <td data-label={t.date}>{formatDate(message.createdAt)}</td>
            <td data-label={t.time}>{formatTime(message.createdAt)}</td>
            <td data-label={t.name}>
              {message.name}
              {!message.read && <span className="adm-pill adm-pill-new">{t.unread}</span>}
            </td>
            <td data-label={t.subject}>{message.subject}</td>
            <td className="adm-row-action">
              <Link className="button button--small" to={adminPaths.contactDetail(message.id)}>
                {t.details}
              </Link>
            </td>
          </tr>
        )}
      />
    </AdminPage>
  );
}
