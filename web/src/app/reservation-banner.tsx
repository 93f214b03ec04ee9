import { checkoutTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { openReservationText, useOpenReservation } from '#web/lib/open-reservation.ts';
import { Link, useLocation } from '#web/lib/router.tsx';

/** The pages that say it themselves, with what can be done about it (continue or cancel). */
const SAID_BY_THE_PAGE: readonly string[] = [paths.payment, paths.shipping];

/**
 * Under the header of every page while the customer has a reservation awaiting payment (in any tab,
 * after a restart): "Tens uma reserva por pagar (nº …, até às 14:48) — continuar", back to /payment.
 */
export function ReservationBanner() {
  const open = useOpenReservation();
  const { pathname } = useLocation();
  if (!open || SAID_BY_THE_PAGE.includes(pathname)) return null;
  const { order } = open.response;
  return (
    <div className="reservation-banner" role="status" data-testid="reservation-banner">
      <p className="container reservation-banner__text">
        {openReservationText(order)} — <Link to={paths.payment}>{checkoutTexts.openReservationLink}</Link>
      </p>
    </div>
  );
}
