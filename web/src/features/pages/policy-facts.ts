/**
 * The policy facts of shared/policies.ts as the information pages and the FAQ write them.
 */
import { formatCents } from '#shared/money.ts';
import {
  BRACELET_LENGTH_CM,
  INTERNATIONAL_DELIVERY_WORKING_DAYS,
  NATIONAL_DELIVERY_WORKING_DAYS,
  NECKLACE_LENGTHS_CM,
} from '#shared/policies.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '#shared/shipping.ts';

export { CANCELLATION_WINDOW_HOURS, DEFECT_REPORT_DAYS, RESPONSE_OR_REFUND_HOURS } from '#shared/policies.ts';

/** '3 a 5 dias úteis' */
export const nationalDelivery = `${NATIONAL_DELIVERY_WORKING_DAYS.min} a ${NATIONAL_DELIVERY_WORKING_DAYS.max} dias úteis`;
/** '7 a 15 dias úteis' */
export const internationalDelivery = `${INTERNATIONAL_DELIVERY_WORKING_DAYS.min} a ${INTERNATIONAL_DELIVERY_WORKING_DAYS.max} dias úteis`;
/** '40, 45 e 50 cm' */
export const necklaceLengths = `${NECKLACE_LENGTHS_CM.slice(0, -1).join(', ')} e ${NECKLACE_LENGTHS_CM.at(-1)} cm`;
/** '18 a 20 cm' */
export const braceletLengths = `${BRACELET_LENGTH_CM.min} a ${BRACELET_LENGTH_CM.max} cm`;
/** '30,00 €' */
export const freeShippingFrom = formatCents(FREE_SHIPPING_THRESHOLD_CENTS);
