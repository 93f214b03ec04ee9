/** What the command tells the operator, in Portuguese: moments, the comparison, what else to know after a copy. */
import { QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tables, type TableKey } from '#lambdas/contracts/data-model.ts';
import { formatDateTime } from '#shared/dates.ts';
import { scalar, type Item } from './items.ts';
import { isCopied, type CopyPlan, type PlannedItem } from './planning.ts';

/** "20/11/2026 09:00 (hora de Lisboa; 2026-11-20T09:00:00Z)". */
export function describeMoment(moment: Date): string {
  return `${formatDateTime(moment)} (hora de Lisboa; ${moment.toISOString().replace(/\.\d{3}Z$/, 'Z')})`;
}

/** How many items a list names before "e mais N". */
const LISTED = 40;

function listItems(
  log: (line: string) => void,
  sign: string,
  items: readonly PlannedItem[],
  extra: (item: PlannedItem) => string = () => '',
): void {
  for (const item of items.slice(0, LISTED)) log(`  ${sign} ${item.keyText}${item.label ? `  ${item.label}` : ''}${extra(item)}`);
  if (items.length > LISTED) log(`  ... e mais ${items.length - LISTED}.`);
}

/** The keys of some items, in one line ("1, 2, 3 e mais 7"). */
export function keyList(items: readonly PlannedItem[]): string {
  const keys = items
    .slice(0, LISTED)
    .map((i) => i.keyText)
    .join(', ');
  return items.length > LISTED ? `${keys} e mais ${items.length - LISTED}` : keys;
}

const stockOf = (item: Item | undefined) => item?.stock?.N;

/** Says what the plan holds and what it would do (or did). */
export function reportPlan(plan: CopyPlan, at: string, log: (line: string) => void): void {
  const by = (state: PlannedItem['state']) => plan.items.filter((i) => i.state === state);
  const [missing, different, same, absent] = [by('missing'), by('different'), by('same'), by('absent')];
  const inCopy = missing.length + different.length + same.length;
  const what =
    plan.selection?.kind === 'keys'
      ? `Dos itens pedidos, a cópia tem ${inCopy}`
      : `A cópia tem ${inCopy} ${inCopy === 1 ? 'item' : 'itens'}`;
  log(
    `  ${what}: ${missing.length} ${missing.length === 1 ? 'falta' : 'faltam'} na tabela em uso, ` +
      `${different.length} ${different.length === 1 ? 'está diferente' : 'estão diferentes'}, ` +
      `${same.length} ${same.length === 1 ? 'está igual' : 'estão iguais'}.`,
  );
  if (missing.length > 0) {
    log('');
    log(plan.selection ? 'Faltam na tabela em uso (são copiados):' : 'Faltam na tabela em uso:');
    listItems(log, '+', missing);
  }
  const showDifferent = plan.selection?.kind !== 'all-missing';
  if (different.length > 0 && showDifferent) {
    log('');
    log(
      plan.selection && plan.overwrite
        ? `Diferentes na tabela em uso (são substituídos pela versão que tinham ${at}):`
        : 'Diferentes na tabela em uso (ficam como estão; só com --overwrite seriam substituídos pela versão antiga):',
    );
    listItems(log, '~', different, (item) => {
      const stock =
        plan.table === 'products' && stockOf(item.restored) !== stockOf(item.live)
          ? `; stock: ${stockOf(item.restored) ?? '-'} na cópia, ${stockOf(item.live) ?? '-'} agora, fica ${stockOf(item.live) ?? '-'}`
          : '';
      const nothing = item.restores.length === 0 ? '; só isto mudou: nada a pôr de volta' : '';
      return `  (mudou: ${item.changed.join(', ')}${stock}${nothing})`;
    });
  }
  if (absent.length > 0) {
    log('');
    log('Não estão na cópia (nada a copiar):');
    listItems(log, '?', absent);
  }
}

/** What else to know after copying items of this table (counters, stock, search, photos); `at`: "em 20/11/2026 09:00". */
export function tableNotes(table: TableKey, at: string): string[] {
  const recount =
    'Os números do painel (encomendas por estado, receita, mensagens por ler, pedidos ' +
    'de aviso) não mudam com a cópia: corra `npm run recount` a seguir para os refazer.';
  switch (table) {
    case 'products':
      return [
        'ATENÇÃO AO STOCK: o stock de uma peça só muda por movimentos (vendas, reservas, acertos no back-office).',
        `  Uma peça substituída (--overwrite) fica com o stock de AGORA, ` +
          `não com o que tinha ${at}: as vendas e acertos desde então contam.`,
        `  Uma peça que faltava volta com o stock que tinha ${at}, sem movimento que o ` +
          `registe: confira-o no back-office e acerte-o aí (o acerto fica no histórico).`,
        'Fotos: ao apagar uma peça, a loja apaga as fotos que só ela usava; uma ' +
          'peça que faltava pode voltar sem fotos: carregue-as de novo no back-office.',
      ];
    case 'orders':
      return [
        'Copiar encomendas não mexe no stock nem envia e-mails aos clientes.',
        recount,
        'Uma encomenda que faltava abre-se pelo número no back-office, mas a pesquisa por nome ou e-mail só a encontra com os ' +
          'seus termos: a tabela orderSearch só se copia item a item (--keys), para não trazer de volta dados pessoais já apagados.',
      ];
    case 'contactMessages':
    case 'stockAlerts':
      return [recount];
    case 'stockMovements':
      return ['Os movimentos são o histórico do stock: copiá-los não muda o stock das peças.'];
    case 'mbwayCounters':
      return ['São os totais MB WAY de cada mês (os limites): substituir um mês volta à contagem antiga.'];
    case 'settings':
      return [
        'As definições substituídas ficam com a versão seguinte à de agora; o histórico de alterações não ganha uma entrada por isto.',
      ];
    default:
      return [];
  }
}

/** Warns of a product coming back with a code another product uses now (the live table's `byCode` index). */
export async function reportCodeClashes(client: DynamoDBClient, plan: CopyPlan, log: (line: string) => void): Promise<void> {
  if (plan.table !== 'products' || !tables.products.indexes.some((i) => i.name === 'byCode')) return;
  for (const item of plan.items.filter((i) => i.state === 'missing' && isCopied(plan, i))) {
    const code = item.restored?.code?.S;
    if (!code) continue;
    const answer = await client.send(
      new QueryCommand({
        TableName: plan.liveTable,
        IndexName: 'byCode',
        KeyConditionExpression: 'code = :code',
        ExpressionAttributeValues: { ':code': { S: code } },
      }),
    );
    const others = (answer.Items ?? []).map((other) => scalar(other.id)).filter((id) => id !== item.keyText);
    if (others.length > 0)
      log(`  Atenção: o código ${code} da peça ${item.keyText} já é usado agora por ${others.join(', ')}: mude um deles no back-office.`);
  }
}
