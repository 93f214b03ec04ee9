/**
 * The twin's mail viewer (`infra/twin/ses-local.ts`) shows each mail as the customer would see it
 * and runs no script a mail carries: the HTML in frames with an empty sandbox, under a CSP without scripts.
 */
import { randomUUID } from 'node:crypto';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { VIEWER_CSP } from '#infra/twin/ses-local.ts';
import { launchBrowser } from '../support/browser.ts';
import { twin } from '../support/twin.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the twin's mail viewer", () => {
  it('shows the HTML in frames that run no script, and the plain text as text', async () => {
    const to = `viewer.${randomUUID().slice(0, 8)}@example.com`;
    const client = new SESv2Client({ endpoint: twin().endpoints.ses, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    try {
      // The same mail to someone else too: the viewer and the store show one recipient's when asked.
      for (const recipient of [to, `outro.${to}`])
        await client.send(
          new SendEmailCommand({
            FromEmailAddress: 'loja@joias-inox.local',
            Destination: { ToAddresses: [recipient] },
            Content: {
              Simple: {
                Subject: { Data: 'Assunto <b>de teste</b>' },
                Body: {
                  Html: {
                    Data:
                      `<p id="corpo">Olá</p><img src=x onerror="alert('img')"><script>alert('script'); ` +
                      `parent.document.title = 'pwned';</script>`,
                  },
                  Text: { Data: '<b>texto simples</b>' },
                },
              },
            },
          }),
        );
    } finally {
      client.destroy();
    }
    // The store as the tests read it: this recipient's mail only, among everything the shared twin sent.
    const stored = (await (await fetch(`${twin().endpoints.ses}/store?to=${encodeURIComponent(to)}`)).json()) as {
      emails: { subject: string; destination: { to: string[] } }[];
    };
    expect(stored.emails.map((mail) => [mail.subject, mail.destination.to])).toEqual([['Assunto <b>de teste</b>', [to]]]);
    const viewerUrl = `${twin().endpoints.ses}/?to=${encodeURIComponent(to)}`;
    const answer = await fetch(viewerUrl);
    expect(answer.headers.get('content-security-policy')).toBe(VIEWER_CSP);
    const source = await answer.text();
    expect(source).not.toMatch(/<script/i);
    expect(
      [...source.matchAll(/<iframe [^>]*>/g)].map(([tag]) => tag).every((tag) => tag.includes('sandbox=""') && tag.includes('srcdoc="')),
    ).toBe(true);

    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      await page.goto(viewerUrl, { waitUntil: 'load' });
      await page.waitForTimeout(200);
      expect(dialogs).toEqual([]);
      expect(await page.title()).toBe('Mail viewer · Joias Inox twin');
      await expect.poll(() => page.locator('article.mail h2').first().textContent()).toBe('Assunto <b>de teste</b>');
      expect(await page.locator('pre.text').first().textContent()).toBe('<b>texto simples</b>');
      const frames = page.frames().filter((frame) => frame !== page.mainFrame());
      expect(frames).toHaveLength(2);
      for (const frame of frames) expect(await frame.locator('#corpo').textContent()).toBe('Olá');
    } finally {
      await page.close();
    }
  });
});
