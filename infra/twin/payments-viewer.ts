/**
 * The twin's payments viewer (`GET /` of the local provider, `payments-local.ts`): each payment with what
 * a tester can do to it (approve or decline an MB WAY request, pay or let expire a Multibanco reference),
 * and the webhook deliveries. Plain HTML with no script; its buttons are forms that post to the provider.
 */
import type Stripe from 'stripe';
import { escapeHtml } from '#shared/html.ts';
import { formatCents } from '#shared/money.ts';

/** One delivery of one event, as the twin saw the shop answer it. */
export interface Delivery {
  readonly eventId: string;
  readonly type: string;
  readonly status: number;
  readonly attempt: number;
}

/** The viewer's Content-Security-Policy: no script; its forms post to itself. */
export const VIEWER_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The payments viewer: each payment with what a tester can do to it, and the webhook deliveries. */
export function viewerPage(intents: readonly Stripe.PaymentIntent[], deliveries: readonly Delivery[]): string {
  const button = (action: string, paymentId: string, label: string) =>
    `<form method="post" action="/viewer/${action}/${escapeHtml(paymentId)}"><button type="submit">${escapeHtml(label)}</button></form>`;
  const rows = intents
    .map((intent) => {
      const mbway = intent.payment_method_types.includes('mb_way');
      const voucher = intent.next_action?.multibanco_display_details;
      const waiting = intent.status === 'requires_action';
      const what = mbway
        ? 'MB WAY'
        : `Multibanco${voucher ? ` — entidade ${voucher.entity ?? ''}, referência ${voucher.reference ?? ''}` : ''}`;
      const buttons = !waiting
        ? ''
        : mbway
          ? button('approve', intent.id, 'Aprovar na app MB WAY') + button('decline', intent.id, 'Recusar')
          : button('payReference', intent.id, 'Pagar a referência') + button('expireReference', intent.id, 'Deixar expirar');
      return (
        `<tr><td><code>${escapeHtml(intent.id)}</code></td><td>${escapeHtml(intent.metadata.orderId ?? '')}</td>` +
        `<td>${escapeHtml(what)}</td><td>${formatCents(intent.amount)}</td>` +
        `<td>${escapeHtml(intent.status)}</td><td class="actions">${buttons}</td></tr>`
      );
    })
    .join('');
  const sent = deliveries
    .slice(-20)
    .reverse()
    .map(
      (delivery) =>
        `<li><code>${escapeHtml(delivery.eventId)}</code> ${escapeHtml(delivery.type)}: ${delivery.status || 'sem resposta'} ` +
        `(tentativa ${delivery.attempt})</li>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Pagamentos (twin)</title>
<style>body{margin:0;padding:24px;font:15px/1.5 ` +
    `system-ui,sans-serif;background:#eee9e2;color:#2b2623}table{border-collapse:collapse;background:#fff;width:100%}` +
    `td,th{padding:8px;border-bottom:1px solid #e3d9cc;text-align:left;vertical-align:top}.actions{display:flex;gap:8px;flex-wrap:wrap}` +
    `form{margin:0}button{font:inherit;padding:6px 12px}code{font-size:13px}</style></head>
<body><h1>Pagamentos do twin</h1><p>O prestador de pagamentos local: aprova ou recusa um pedido MB WAY, paga ou deixa expirar uma ` +
    `referência Multibanco. A loja recebe cada resultado no seu webhook, assinado como o prestador assina.</p>
<table><thead><tr><th>Pagamento</th><th>Encomenda</th><th>Método</th><th>Montante</th><th>Estado</th><th>Ações</th></tr></thead>` +
    `<tbody>${rows || '<tr><td colspan="6">Ainda não há pagamentos.</td></tr>'}</tbody></table>
<h2>Avisos enviados à loja</h2><ul>${sent || '<li>Nenhum.</li>'}</ul></body></html>`
  );
}
