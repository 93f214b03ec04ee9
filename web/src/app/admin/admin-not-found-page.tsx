/** An address under the admin prefix that is no screen. */
import { Link } from '#web/lib/router.tsx';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { AdminPage } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

export function AdminNotFoundPage() {
  return (
    <AdminPage title={texts.notFound.title}>
      <p>{texts.notFound.body}</p>
      <p>
        <Link className="button" to={adminPaths.dashboard}>
          {texts.notFound.toDashboard}
        </Link>
      </p>
    </AdminPage>
  );
}
