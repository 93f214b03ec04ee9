/**
 * The shop's first load, over the build the integration tests serve (their global setup builds
 * `web/dist` as `npm run build:web` does): what `index.html` loads before any click stays within its
 * budget (100 KB gzip, `bench/sizes.ts`, the figure `npm run bench` prints), and the pre-rendered pages'
 * first script (`web/src/boot.ts`) loads nothing else at once: the app comes after the page has shown.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_JS_BUDGET_BYTES, webSizes } from '#bench/sizes.ts';
import { WEB_DIST } from '#infra/common/repo-paths.ts';

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

const manifest = async () =>
  JSON.parse(await readFile(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

describe("the shop's first load", () => {
  it(`is at most ${FIRST_LOAD_JS_BUDGET_BYTES / 1024} KB of JavaScript (gzip), in the one file of the app's entry`, async () => {
    const sizes = await webSizes(WEB_DIST);
    expect(sizes.firstLoadJsGzip).toBeGreaterThan(0);
    expect({ gzip: sizes.firstLoadJsGzip, over: sizes.firstLoadJsGzip > FIRST_LOAD_JS_BUDGET_BYTES }).toEqual({
      gzip: sizes.firstLoadJsGzip,
      over: false,
    });
    // Every module the shell loads at once sits in the entry's chunk (web/vite.config.ts, `firstLoad`):
    // small chunks compressed one by one cost more than the same code in one file.
    const scripts = sizes.firstLoadFiles.filter((file) => file.endsWith('.js'));
    expect(scripts).toEqual([(await manifest())['index.html']!.file]);
  });

  it("of a pre-rendered page is the boot alone: it imports none of the app's chunks", async () => {
    const boot = (await manifest())['src/boot.ts']!;
    expect(boot.isEntry).toBe(true);
    expect(boot.imports ?? []).toEqual([]);
    expect((await readFile(path.join(WEB_DIST, boot.file))).length).toBeLessThan(2_048);
  });
});
