/** How `npm run preflight` tells what it found: text for the operator (Portuguese, or English), or JSON. */
import { counted, say, type Finding, type Lang, type Status, type Text } from './findings.ts';
import type { PreflightOptions } from './options.ts';

export interface PreflightReport {
  readonly account?: string;
  readonly region: string;
  readonly stackName: string;
  readonly findings: readonly Finding[];
}

const LABELS: Record<Status, Text> = {
  ok: say('OK', 'OK'),
  warning: say('AVISO', 'WARNING'),
  blocker: say('BLOQUEIO', 'BLOCKER'),
  unchecked: say('POR VERIFICAR', 'NOT CHECKED'),
  info: say('NOTA', 'NOTE'),
};

/** 1 when anything blocks the deploy or the opening, else 0. */
export function exitCodeOf(report: PreflightReport): number {
  return report.findings.some((f) => f.status === 'blocker') ? 1 : 0;
}

function countsOf(report: PreflightReport): Record<Status, number> {
  const counts: Record<Status, number> = { ok: 0, warning: 0, blocker: 0, unchecked: 0, info: 0 };
  for (const f of report.findings) counts[f.status] += 1;
  return counts;
}

function summary(report: PreflightReport, lang: Lang): string[] {
  const counts = countsOf(report);
  const parts = [
    counted(counts.ok, say('ok', 'ok'), say('ok', 'ok')),
    counted(counts.warning, say('aviso', 'warning'), say('avisos', 'warnings')),
    counted(counts.blocker, say('bloqueio', 'blocker'), say('bloqueios', 'blockers')),
    ...(counts.unchecked > 0 ? [counted(counts.unchecked, say('por verificar', 'not checked'), say('por verificar', 'not checked'))] : []),
  ].map((text) => text[lang]);
  const verdict =
    counts.blocker > 0
      ? say(
          'Há bloqueios: resolva-os antes do deploy ou de abrir a loja (código de saída 1).',
          'There are blockers: fix them before deploying or opening the shop (exit code 1).',
        )
      : counts.warning + counts.unchecked > 0
        ? say(
            'Nenhum bloqueio: pode fazer o deploy; veja os avisos antes de abrir a loja.',
            'No blockers: you can deploy; see the warnings before opening the shop.',
          )
        : say('Tudo pronto para o deploy: npm run deploy', 'All set for the deploy: npm run deploy');
  return [`${lang === 'pt' ? 'Resumo' : 'Summary'}: ${parts.join(', ')}.`, verdict[lang]];
}

/** The report as the operator reads it. */
export function renderText(report: PreflightReport, lang: Lang): string {
  const width = Math.max(...Object.values(LABELS).map((label) => label[lang].length)) + 2;
  const indent = ' '.repeat(width + 1);
  const head =
    lang === 'pt'
      ? `npm run preflight: conta ${report.account ?? '?'}, região ${report.region}, pilha ${report.stackName}`
      : `npm run preflight: account ${report.account ?? '?'}, region ${report.region}, stack ${report.stackName}`;
  const lines = [head, ''];
  for (const f of report.findings) {
    lines.push(`${`[${LABELS[f.status][lang]}]`.padEnd(width)} ${f.title[lang]}`);
    for (const detail of f.details) lines.push(`${indent}${detail[lang]}`);
    if (f.fix.length > 0) {
      lines.push(`${indent}${lang === 'pt' ? 'O que fazer:' : 'What to do:'}`);
      for (const step of f.fix) lines.push(`${indent}  ${step[lang]}`);
    }
    lines.push('');
  }
  return [...lines, ...summary(report, lang)].join('\n');
}

/** The report for a script (`--json`): the same findings, in the language asked for. */
export function renderJson(report: PreflightReport, options: Pick<PreflightOptions, 'lang' | 'stage'>): string {
  const pick = (text: Text) => text[options.lang];
  return JSON.stringify(
    {
      account: report.account ?? null,
      region: report.region,
      stage: options.stage,
      stack: report.stackName,
      checks: report.findings.map((f) => ({
        id: f.id,
        status: f.status,
        title: pick(f.title),
        details: f.details.map(pick),
        fix: f.fix.map(pick),
      })),
      summary: countsOf(report),
      exitCode: exitCodeOf(report),
    },
    null,
    2,
  );
}
