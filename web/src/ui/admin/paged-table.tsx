/**
 * The frame of a server-paged table: loading and error states, the empty row, and the
 * "load more" button with its count.
 */
import type { ReactNode } from 'react';
import { commonTexts } from '#shared/messages/index.ts';
import type { PagedList } from '#web/lib/admin/use-paged.ts';
import { ErrorNotice, LoadingNotice } from './admin-ui.tsx';

export function PagedTable<T>(props: {
  readonly list: PagedList<T>;
  readonly head: ReactNode;
  readonly columns: number;
  readonly empty: string;
  readonly moreLabel: string;
  /** The count under the table: how many are shown and, when the server says, how many there are in all. */
  readonly count?: (shown: number, total?: number) => string;
  readonly row: (item: T) => ReactNode;
  /** More classes of the table (its own column widths). */
  readonly className?: string;
}) {
  const { list, head, columns, empty, moreLabel, count, row, className } = props;
  const { state } = list;
  if (state.status === 'loading') return <LoadingNotice />;
  if (state.status === 'error') return <ErrorNotice message={state.message} onRetry={list.reload} />;
  return (
    <>
      <div className="adm-table-wrap">
        <table className={className ? `adm-table adm-table--cards ${className}` : 'adm-table adm-table--cards'}>
          <thead>{head}</thead>
          <tbody>
            {state.items.length === 0 && (
              <tr>
                <td colSpan={columns} className="adm-empty">
                  {empty}
                </td>
              </tr>
            )}
            {state.items.map(row)}
          </tbody>
        </table>
      </div>
      <div className="adm-pager">
        {count && <span className="muted">{count(state.items.length, state.total)}</span>}
        {state.nextCursor && (
          <button type="button" className="button button--secondary" disabled={list.loadingMore} onClick={list.loadMore}>
            {list.loadingMore ? commonTexts.loading : moreLabel}
          </button>
        )}
      </div>
      {list.moreError && <ErrorNotice message={list.moreError} />}
    </>
  );
}
