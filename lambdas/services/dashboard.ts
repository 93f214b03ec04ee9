/** The back-office dashboard: today's work at a glance. Every figure is a query on an index. */
import type { DashboardResponse } from '../../shared/api.ts';
import { monthKey } from '../../shared/mb-way.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/order-status.ts';
import { tableName } from '../repositories/clients.ts';
import { countAll, queryAll } from '../repositories/paging.ts';
import { CONTACT_LISTING } from '../repositories/contact-messages.ts';
import { ORDER_LISTING } from '../repositories/orders.ts';
import { listProducts } from '../repositories/products.ts';
import { STOCK_ALERT_LISTING } from '../repositories/stock-alerts.ts';

/** Statuses whose orders count as paid for the month's revenue. */
export const PAID_STATUSES: readonly OrderStatus[] = ['Enviar', 'Enviado', 'Concluido'];

const countByStatus = (status: OrderStatus) =>
  countAll({
    TableName: tableName('orders'),
    IndexName: 'byStatus',
    KeyConditionExpression: '#status = :status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status },
  });

/** Revenue of this (Lisbon) month: orders created since a little over a month ago, filtered by month key. */
async function monthRevenueCents(now: Date): Promise<number> {
  const month = monthKey(now);
  const since = new Date(now.getTime() - 32 * 24 * 60 * 60 * 1000).toISOString();
  const orders = await queryAll({
    TableName: tableName('orders'),
    IndexName: 'byListing',
    KeyConditionExpression: 'listing = :listing AND createdAt >= :since',
    ProjectionExpression: 'createdAt, totalCents, #status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':listing': ORDER_LISTING, ':since': since },
  });
  return orders
    .filter((o) => PAID_STATUSES.includes(o.status as OrderStatus) && monthKey(new Date(String(o.createdAt))) === month)
    .reduce((sum, o) => sum + Number(o.totalCents), 0);
}

export async function dashboard(now = new Date()): Promise<DashboardResponse> {
  const [counts, revenue, products, pendingStockAlerts, unreadContactMessages] = await Promise.all([
    Promise.all(ORDER_STATUSES.map(countByStatus)),
    monthRevenueCents(now),
    listProducts(),
    countAll({
      TableName: tableName('stockAlerts'),
      IndexName: 'byListing',
      KeyConditionExpression: 'listing = :listing',
      FilterExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':listing': STOCK_ALERT_LISTING, ':pending': 'pending' },
    }),
    countAll({
      TableName: tableName('contactMessages'),
      IndexName: 'byListing',
      KeyConditionExpression: 'listing = :listing',
      FilterExpression: '#read = :false',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':listing': CONTACT_LISTING, ':false': false },
    }),
  ]);
  return {
    ordersByStatus: Object.fromEntries(ORDER_STATUSES.map((status, i) => [status, counts[i]!])) as Record<OrderStatus, number>,
    monthRevenueCents: revenue,
    outOfStockProducts: products.filter((p) => p.stock === 0).length,
    pendingStockAlerts,
    unreadContactMessages,
  };
}
