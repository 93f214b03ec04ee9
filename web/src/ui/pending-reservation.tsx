import { checkoutTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { api, errorMessage } from '#web/lib/api.ts';
import { clearOpenReservation, openReservationText, type StoredReservation } from '#web/lib/open-reservation.ts';
import { Link } from '#web/lib/router.tsx';
import { useAction } from '#web/lib/use-submit.ts';

/**
 * The customer's reservation awaiting payment, on the shipping and payment steps: it is never made
 * twice. `changed`: the cart or the details are no longer what it was made for, so the customer
 * chooses: continue it (`here`: this is its payment page already) or cancel it (its pieces go back at
 * once) and reserve what they have now. `onCancelled` runs once it is cancelled.
 */
export function PendingReservation({
  stored,
  changed,
  here = false,
  onCancelled,
}: {
  stored: StoredReservation;
  changed: boolean;
  here?: boolean;
  onCancelled?: () => void;
}) {
  const action = useAction();
  const { order } = stored.response;
  const failed = action.notice?.kind === 'error' ? action.notice.lines[0] : null;

  const cancel = () =>
    action.run(
      async () => {
        await api.cancelReservation(order.id, order.accessToken);
        clearOpenReservation();
        onCancelled?.();
      },
      (error) => {
        console.error('Cancelling the reservation failed', error);
        return errorMessage(error, checkoutTexts.orderFailed);
      },
    );

  return (
    <div className="notice pending-reservation" role="status" data-testid="pending-reservation">
      <p>
        <strong>{openReservationText(order)}</strong>
      </p>
      {changed && <p>{checkoutTexts.reservationOutdated}</p>}
      <p className="pending-reservation__actions">
        {!here && (
          <Link to={paths.payment} className="button">
            {checkoutTexts.continueReservation}
          </Link>
        )}
        {changed && (
          <button type="button" className="button button--secondary" disabled={action.busy} onClick={() => void cancel()}>
            {action.busy ? checkoutTexts.cancellingReservation : checkoutTexts.cancelReservation}
          </button>
        )}
      </p>
      <div role="alert">{failed && <p className="notice notice--error">{failed}</p>}</div>
    </div>
  );
}
