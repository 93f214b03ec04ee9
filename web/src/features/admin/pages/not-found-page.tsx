/** An address under the admin prefix that is no screen. */
import { Link } from '#web/lib/router.tsx';
import { adminPaths } from '../admin-paths.ts';
import { AdminPage } from '../components/ui.tsx';
import { texts } from '../texts.ts';

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
