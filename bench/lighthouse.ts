/** Lighthouse (mobile preset, the default) on pages of the built shop, with Debian's Chromium. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '#test/support/browser.ts';

export interface LighthouseScores {
  readonly page: string;
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  /** Largest Contentful Paint, ms (Lighthouse's simulated mobile throttling). */
  readonly lcpMs: number;
}

/** Runs per page; each figure is their median. */
const RUNS = 3;

export async function lighthouseScores(baseUrl: string, pages: readonly string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const page of pages) {
      const runs: LighthouseScores[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const c = result!.lhr.categories;
        const score = (key: string) => Math.round((c[key]?.score ?? 0) * 100);
        const lcpMs = Math.round(result!.lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
        runs.push({
          page,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs,
        });
      }
      // The median of each figure over the runs.
      const median = (pick: (s: LighthouseScores) => number) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
      scores.push({
        page,
        performance: median((s) => s.performance),
        accessibility: median((s) => s.accessibility),
        bestPractices: median((s) => s.bestPractices),
        seo: median((s) => s.seo),
        lcpMs: median((s) => s.lcpMs),
      });
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
