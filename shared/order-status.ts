/**
 * The typed table of order statuses and order numbers. The status values are the stored values and
 * the contract; labels and badge colours are for display.
 */

/** The five statuses, in their usual order. */
export const ORDER_STATUSES = ['Confirmar Pagamento', 'Enviar', 'Enviado', 'Concluido', 'Encerrada'] as const;

/** An order status value. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The status of a newly placed order (its proof is already attached). */
export const INITIAL_ORDER_STATUS: OrderStatus = 'Confirmar Pagamento';

/** A badge's colours as CSS hex colours. */
export interface BadgeColours {
  readonly background: string;
  readonly text: string;
}

/** Display data of a status. */
export interface OrderStatusInfo {
  /** pt-PT text shown in badges and selects. */
  readonly label: string;
  /** Text on background has a contrast ratio of at least 7:1 (WCAG AAA). */
  readonly badge: BadgeColours;
}

/** Label and badge colours of each status. */
export const ORDER_STATUS_INFO: Readonly<Record<OrderStatus, OrderStatusInfo>> = {
  'Confirmar Pagamento': { label: 'Confirmar Pagamento', badge: { background: '#fff3cd', text: '#664d03' } },
  Enviar: { label: 'Enviar', badge: { background: '#cfe2ff', text: '#052c65' } },
  Enviado: { label: 'Enviado', badge: { background: '#e2d9f3', text: '#3d1f70' } },
  Concluido: { label: 'Concluído', badge: { background: '#d1e7dd', text: '#0a3622' } },
  Encerrada: { label: 'Encerrada', badge: { background: '#e2e3e5', text: '#2b2f32' } },
};

/** Type guard for status values (exact, case-sensitive). */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

/** Smallest order number. */
export const ORDER_NUMBER_MIN = 100_000;
/** Largest order number. */
export const ORDER_NUMBER_MAX = 999_999;

/**
 * A random 6-digit order number, 100000-999999 inclusive. Uniqueness is the server's job (a
 * conditional put on the order number, retried with a new number).
 *
 * @example
 * generateOrderNumber(() => 0);        // 100000
 * generateOrderNumber(() => 0.999999); // 999999
 */
export function generateOrderNumber(random: () => number = Math.random): number {
  const span = ORDER_NUMBER_MAX - ORDER_NUMBER_MIN + 1;
  const offset = Math.min(span - 1, Math.max(0, Math.floor(random() * span)));
  return ORDER_NUMBER_MIN + offset;
}
