/**
 * The twin's mail viewer (`GET /` of the local SES, `ses-local.ts`): the newest mails the shop sent,
 * each as the customer sees it, in frames that run no script (aws-ses-v2-local's own viewer writes each
 * mail's HTML into a same-origin frame, where an `onerror` in a mail would run).
 */
import type http from 'node:http';
import { escapeHtml } from '#shared/html.ts';

/** A mail as aws-ses-v2-local stores it (the fields the viewer shows). */
export interface StoredMail {
  readonly messageId: string;
  readonly from: string;
  readonly destination: { readonly to: readonly string[]; readonly cc: readonly string[]; readonly bcc: readonly string[] };
  readonly subject: string;
  readonly body: { readonly html?: string; readonly text?: string };
  /** Seconds since the epoch. */
  readonly at: number;
}

/** How many of the newest mails the viewer shows. */
export const VIEWER_LIMIT = 20;

/**
 * The viewer's Content-Security-Policy: no script at all, anywhere (the `srcdoc` frames inherit it, on
 * top of their empty `sandbox`), styles inline, pictures from anywhere as a mail app would show them.
 */
export const VIEWER_CSP =
  "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src " +
  "data: http: https:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

const VIEWER_STYLE =
  `
  body { margin: 0; padding: 24px; font: 15px/1.5 system-ui, sans-serif; background: #eee9e2; color: #2b2623; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .mail { background: #fff; border-radius: 8px; padding: 16px 20px; margin: 20px 0; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .mail h2 { font-size: 17px; margin: 0 0 8px; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; font-size: 14px; }
  dt { color: #665d55; } dd { margin: 0; overflow-wrap: anywhere; }
  .views { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
  figure { margin: 0; } figcaption { font-size: 13px; color: #665d55; margin-bottom: 4px; }
  iframe { border: 1px solid #d8cfc3; background: #fff; height: 820px; }
  iframe.desktop { width: 660px; } iframe.phone { width: 375px; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #faf7f2; border: 1px solid #e3d9cc; ` +
  `padding: 12px; font-size: 13px; max-width: 1060px; }
  summary { cursor: pointer; margin-top: 8px; }
`;

function mailSection(mail: StoredMail): string {
  const field = (label: string, value: string) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`;
  const cc = mail.destination.cc.length ? field('Cc', mail.destination.cc.join(', ')) : '';
  const sent = field('Sent', new Date(mail.at * 1000).toISOString());
  const html = mail.body.html;
  const frames = html
    ? `<div class="views">
  <figure><figcaption>HTML, 660 px wide</figcaption><iframe class="desktop" sandbox="" referrerpolicy="no-referrer" title="HTML part" ` +
      `srcdoc="${escapeHtml(html)}"></iframe></figure>
  <figure><figcaption>HTML, phone (375 px)</figcaption><iframe class="phone" sandbox="" referrerpolicy="no-referrer" ` +
      `title="HTML part on a phone" srcdoc="${escapeHtml(html)}"></iframe></figure>
</div>`
    : '<p>No HTML part.</p>';
  return (
    `<article class="mail" data-message-id="${escapeHtml(mail.messageId)}">
<h2>${escapeHtml(mail.subject)}</h2>
<dl>${field('From', mail.from)}${field('To', mail.destination.to.join(', '))}${cc}${sent}</dl>
${frames}
<details open><summary>Plain-text part</summary>` +
    `<pre class="text">${mail.body.text === undefined ? '(none)' : escapeHtml(mail.body.text)}</pre></details>
${html ? `<details><summary>HTML source</summary><pre>${escapeHtml(html)}</pre></details>` : ''}
</article>`
  );
}

/**
 * The viewer page: the newest mails first (only those to `to` when given), each as the customer sees
 * it (HTML in sandboxed frames, desktop and phone width) and as plain text.
 */
export function viewerPage(mails: readonly StoredMail[], to?: string): string {
  const matching = to ? mails.filter((mail) => mail.destination.to.includes(to)) : mails;
  const shown = [...matching].reverse().slice(0, VIEWER_LIMIT);
  const total = matching.length;
  const refresh = to ? `?to=${encodeURIComponent(to)}` : '';
  return (
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail viewer · Joias Inox twin</title><style>${VIEWER_STYLE}</style></head>
<body><h1>Mail the shop sent${to ? ` to ${escapeHtml(to)}` : ''}</h1>
<p>${total} e-mail${total === 1 ? '' : 's'} since the twin started; the newest ${Math.min(total, VIEWER_LIMIT)} below. ` +
    `<a href="/${escapeHtml(refresh)}">Refresh</a> · ${to ? '<a href="/">All recipients</a> · ' : ''}<a href="/store">JSON` +
    `</a>. Mail HTML is shown in frames that run no script (<code>?to=address</code> shows one recipient's mail).</p>
${shown.map(mailSection).join('\n')}
</body></html>`
  );
}

/** `GET /`: the viewer page of the mail aws-ses-v2-local keeps (`internal`: its address). */
export async function serveViewer(req: http.IncomingMessage, res: http.ServerResponse, internal: string): Promise<void> {
  try {
    const to = new URL(req.url ?? '/', 'http://viewer').searchParams.get('to') ?? undefined;
    const store = (await (await fetch(`${internal}/store`)).json()) as { emails: StoredMail[] };
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': VIEWER_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(viewerPage(store.emails, to));
  } catch (error) {
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`The SES server did not answer: ${String(error)}`);
  }
}
