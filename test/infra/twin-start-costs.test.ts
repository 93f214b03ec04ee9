/**
 * What a twin's start and stop no longer pay for (docs/testing.md#ci: a CI run starts about 34 twins):
 * the S3 stand-in's stop waiting for idle connections, and the mail templates rendered again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMailTemplates } from '#infra/common/mail/render.ts';
import { cachedMailTemplates } from '#infra/twin/mail-cache.ts';
import { startS3Local } from '#infra/twin/s3-local.ts';

describe("the twin's S3", () => {
  it('stops at once though a call was under way at the stop (Node would keep its connection 5 s more, idle)', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'joias-s3-stop-'));
    const s3Local = await startS3Local({ directory, buckets: ['joias-stop'], allowedOrigins: ['http://127.0.0.1:3000'] });
    const agent = new http.Agent({ keepAlive: true });
    try {
      // A page's write whose body is still arriving when the twin stops (a page publication under way).
      const request = http.request(`${s3Local.endpoint}/joias-stop/page.html`, {
        method: 'PUT',
        agent,
        headers: { 'content-length': '4' },
      });
      const answered = new Promise<number>((resolve) => {
        request.on('response', (response) => response.resume().on('end', () => resolve(response.statusCode ?? 0)));
        request.on('error', () => resolve(0));
      });
      request.write('ab');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const began = Date.now();
      const stopped = s3Local.stop();
      request.end('cd');
      await answered;
      await stopped;
      expect(Date.now() - began).toBeLessThan(2_000);
    } finally {
      agent.destroy();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe("the twin's S3 under one prefix", () => {
  it('writes while deletes empty the same folder: every write answered 200 (s3rver removes folders it empties)', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'joias-s3-race-'));
    const s3Local = await startS3Local({ directory, buckets: ['joias-race'], allowedOrigins: ['http://127.0.0.1:3000'] });
    const url = (key: string) => `${s3Local.endpoint}/joias-race/proofs/pending/${key}`;
    try {
      const statuses: number[] = [];
      // Each round writes one proof while the one before, the folder's only object, is deleted.
      await fetch(url('0'), { method: 'PUT', body: 'x' });
      for (let i = 1; i <= 150; i++) {
        const [written] = await Promise.all([
          fetch(url(String(i)), { method: 'PUT', body: 'x' }),
          fetch(url(String(i - 1)), { method: 'DELETE' }),
        ]);
        statuses.push(written.status);
        await written.arrayBuffer();
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await s3Local.stop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe("the twin's mail templates", () => {
  it('kept rendered: the same subject, HTML and text as rendered now', async () => {
    expect(await cachedMailTemplates()).toEqual(await renderMailTemplates());
  });
});
