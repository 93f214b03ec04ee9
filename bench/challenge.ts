/**
 * The proof of work's figures (docs/design.md §28, docs/benchmarks.md "Proof of work"), at the shop's
 * default cost: how long the real widget takes in Chromium with the DevTools' 4× CPU throttling (a
 * phone), and the CPU a bot spends solving in Node (altcha-lib's solver) for 1 000 reservations.
 * Run alone: `npx tsx bench/challenge.ts` (it starts its own twin with the built shop).
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startTwin, webDistDir, type Twin } from '#infra/twin/twin.ts';
import { getStoredSettings, saveSettings } from '#lambdas/repositories/settings.ts';
import { DEFAULT_CHALLENGE_MAX_NUMBER, SETTINGS_CACHE_SECONDS, SETTINGS_LIMITS, settingsChanges, withDefaults } from '#shared/settings.ts';
import { launchBrowser } from '#test/support/browser.ts';
import { clientFetch } from '#test/support/clients.ts';
import { altchaHeader, solveInWorkers } from './solver.ts';

export interface ChallengeFigures {
  readonly maxNumber: number;
  /** The widget (its own workers, one per core of this machine) under 4× CPU throttling: median and p90 of the solves. */
  readonly widgetMedianMs: number;
  readonly widgetP90Ms: number;
  /** The same with one worker (a phone's one free core); Chromium's throttling slows the page, not its workers. */
  readonly oneWorkerMedianMs: number;
  /** Node, one core: CPU seconds per solve (mean), and for 1 000 reservations. */
  readonly botCpuSecondsPerSolve: number;
  readonly botCpuSecondsPer1000: number;
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** Solves `runs` fresh challenges with the shop's widget on its contact page (workers: the widget's default, or `workers`). */
async function widgetTimes(twin: Twin, runs: number, workers?: number): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${twin.url}/contact`);
    await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined, undefined, { timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return await page.evaluate(
      async ({ runs, workers }) => {
        const times: number[] = [];
        const holder = document.createElement('div');
        holder.hidden = true;
        document.body.append(holder);
        for (let i = 0; i < runs; i++) {
          const widget = document.createElement('altcha-widget') as HTMLElement & {
            configure?: (c: object) => Promise<void>;
            verify: () => Promise<{ payload: string } | null>;
          };
          widget.setAttribute('challenge', '/api/challenge');
          widget.setAttribute('auto', 'off');
          widget.setAttribute('display', 'invisible');
          holder.append(widget);
          while (!widget.configure) await new Promise((resolve) => setTimeout(resolve, 0));
          await widget.configure({ minDuration: 0, humanInteractionSignature: false, ...(workers ? { workers } : {}) });
          const started = performance.now();
          const result = await widget.verify();
          if (!result?.payload) throw new Error('the widget did not solve');
          times.push(performance.now() - started);
          widget.remove();
        }
        return times;
      },
      { runs, workers },
    );
  } finally {
    await browser.close();
  }
}

/** CPU seconds a bot spends per solve, solving `runs` challenges of the shop one after another. */
async function botCpuPerSolve(twin: Twin, runs: number): Promise<number> {
  const challenges: Challenge[] = [];
  for (let i = 0; i < runs; i++) challenges.push((await (await clientFetch(`${twin.url}/api/challenge`)).json()) as Challenge);
  const before = process.cpuUsage();
  for (const challenge of challenges)
    if (!(await solveChallenge({ challenge, deriveKey, timeout: 0 }))) throw new Error('the challenge could not be solved');
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6 / runs;
}

/**
 * `count` proofs solved ahead (for a load run whose requests are sent faster than anyone solves), at
 * the smallest cost the owner may set: the server checks and spends a proof the same way at any cost,
 * so the latency measured includes the challenge, not the client's work (measured apart, above). The
 * twin's setting is put back afterwards. Needs the twin's environment (the bench's own process).
 */
/** A new challenge from `GET /api/challenge`; asked again after a 429 (a twin with the stage's throttle), up to a minute. */
async function freshChallenge(base: string): Promise<Challenge> {
  for (let tries = 1; ; tries += 1) {
    const answer = await clientFetch(`${base}/api/challenge`);
    if (answer.status === 200) return (await answer.json()) as Challenge;
    if (answer.status !== 429 || tries >= 60) throw new Error(`GET /api/challenge answered ${answer.status}`);
    await answer.text();
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.max(1, Number(answer.headers.get('retry-after')) || 1)));
  }
}

export async function presolvedProofs(twin: Twin, count: number): Promise<string[]> {
  return withChallengeCost(SETTINGS_LIMITS.challengeMaxNumber.min, async () => {
    // The challenges first (twenty requests at a time), then solved in worker threads (bench/solver.ts).
    const challenges: Challenge[] = [];
    for (let i = 0; i < count; i += 20) {
      challenges.push(...(await Promise.all(Array.from({ length: Math.min(20, count - i) }, () => freshChallenge(twin.url)))));
    }
    const solutions = await solveInWorkers(challenges);
    return challenges.map((challenge, i) => altchaHeader(challenge, solutions[i]!));
  });
}

/**
 * Runs `use` with the shop's proof-of-work cost set to `challengeMaxNumber` (once the functions' settings
 * cache has let the old one go), then puts the cost back. Needs the twin's environment (the bench's own process).
 */
export async function withChallengeCost<T>(challengeMaxNumber: number, use: () => Promise<T>): Promise<T> {
  const setCost = async (cost: number) => {
    const stored = await getStoredSettings();
    const before = withDefaults(stored.settings);
    if (before.challengeMaxNumber === cost) return;
    const settings = { ...before, challengeMaxNumber: cost };
    await saveSettings(settings, stored.version, { at: new Date().toISOString(), by: 'bench', changes: settingsChanges(before, settings) });
    await new Promise((resolve) => setTimeout(resolve, (SETTINGS_CACHE_SECONDS + 1) * 1000));
  };
  const previous = withDefaults((await getStoredSettings()).settings).challengeMaxNumber;
  await setCost(challengeMaxNumber);
  try {
    return await use();
  } finally {
    await setCost(previous);
  }
}

export async function challengeFigures(twin: Twin, runs = Number(process.env.BENCH_CHALLENGE_RUNS ?? 15)): Promise<ChallengeFigures> {
  // At the shop's default cost, whatever the bench's twin was started with.
  const [widget, oneWorker, perSolve] = await withChallengeCost(
    DEFAULT_CHALLENGE_MAX_NUMBER,
    async () => [await widgetTimes(twin, runs), await widgetTimes(twin, runs, 1), await botCpuPerSolve(twin, runs * 2)] as const,
  );
  return {
    maxNumber: DEFAULT_CHALLENGE_MAX_NUMBER,
    widgetMedianMs: Math.round(quantile(widget, 0.5)),
    widgetP90Ms: Math.round(quantile(widget, 0.9)),
    oneWorkerMedianMs: Math.round(quantile(oneWorker, 0.5)),
    botCpuSecondsPerSolve: Math.round(perSolve * 1000) / 1000,
    botCpuSecondsPer1000: Math.round(perSolve * 1000),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const twin = await startTwin({ port: 0, seed: true, webDist: webDistDir() });
  try {
    console.log(JSON.stringify(await challengeFigures(twin), null, 2));
  } finally {
    await twin.stop();
  }
}
