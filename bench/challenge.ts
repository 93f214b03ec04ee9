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

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

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
          const widget = document.createElement('altcha-widget') as HTMLElement & { configure?: (c: object) => Promise<void>; verify: () => Promise<{ payload: string } | null> };
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
  for (const challenge of challenges) await solveChallenge({ challenge, deriveKey });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6 / runs;
}

/**
 * `count` proofs solved ahead (for a load run whose requests are sent faster than anyone solves), at
 * the smallest cost the owner may set: the server checks and spends a proof the same way at any cost,
 * so the latency measured includes the challenge, not the client's work (measured apart, above). The
 * twin's setting is put back afterwards. Needs the twin's environment (the bench's own process).
 */
export async function presolvedProofs(twin: Twin, count: number): Promise<string[]> {
  const setCost = async (challengeMaxNumber: number) => {
    const stored = await getStoredSettings();
    const before = withDefaults(stored.settings);
    const settings = { ...before, challengeMaxNumber };
    await saveSettings(settings, stored.version, { at: new Date().toISOString(), by: 'bench', changes: settingsChanges(before, settings) });
    await new Promise((resolve) => setTimeout(resolve, (SETTINGS_CACHE_SECONDS + 1) * 1000));
  };
  const previous = withDefaults((await getStoredSettings()).settings).challengeMaxNumber;
  await setCost(SETTINGS_LIMITS.challengeMaxNumber.min);
  try {
    // Four at a time: the key derivations run on libuv's four threads.
    const proofs: string[] = [];
    const solveOne = async () => {
      const challenge = (await (await clientFetch(`${twin.url}/api/challenge`)).json()) as Challenge;
      return Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString('base64');
    };
    for (let i = 0; i < count; i += 4) proofs.push(...(await Promise.all(Array.from({ length: Math.min(4, count - i) }, solveOne))));
    return proofs;
  } finally {
    await setCost(previous);
  }
}

export async function challengeFigures(twin: Twin, runs = Number(process.env.BENCH_CHALLENGE_RUNS ?? 15)): Promise<ChallengeFigures> {
  const widget = await widgetTimes(twin, runs);
  const oneWorker = await widgetTimes(twin, runs, 1);
  const perSolve = await botCpuPerSolve(twin, runs * 2);
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
