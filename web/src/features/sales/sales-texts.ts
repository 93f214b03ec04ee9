/**
 * The labels of the sales view ("Vendas", docs/sales.md), in pt-PT: their own module, so that they
 * travel in the view's lazy chunk (the navigation's one word aside).
 */
import type { SalesGrouping } from '#shared/schemas/sales-query.ts';

const periodFormat = {
  day: new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC', day: '2-digit', month: '2-digit' }),
  week: new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC', day: '2-digit', month: '2-digit' }),
  month: new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC', month: 'short', year: 'numeric' }),
} as const;
const longDay = new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

/** A period as the owner reads it: a day "07/12", a week "semana de 30/11", a month "dez. de 2026". */
function periodLabel(period: string, by: SalesGrouping): string {
  const date = new Date(`${by === 'month' ? `${period}-01` : period}T12:00:00Z`);
  const text = periodFormat[by].format(date);
  return by === 'week' ? `semana de ${text}` : text;
}

export const salesTexts = {
  nav: 'Vendas',
  title: 'Vendas',
  intro:
    'O dinheiro que entrou e ficou, das encomendas feitas em cada dia (hora de Lisboa), lido dos pagamentos registados: as devoluções já estão descontadas e aparecem à parte.',
  from: 'De',
  to: 'Até',
  by: 'Agrupar por',
  groupings: { day: 'Dia', week: 'Semana', month: 'Mês' } satisfies Record<SalesGrouping, string>,
  show: 'Mostrar',
  presets: { label: 'Períodos rápidos', days30: 'Últimos 30 dias', weeks12: 'Últimas 12 semanas', months12: 'Últimos 12 meses' },
  totalsTitle: 'No período',
  revenue: 'Receita',
  paid: 'Recebido',
  refunded: 'Devolvido',
  orders: 'Encomendas',
  averageBasket: 'Cesto médio',
  chartTitle: (by: SalesGrouping) => `Receita por ${by === 'day' ? 'dia' : by === 'week' ? 'semana' : 'mês'}`,
  chartSummary: (count: number, max: string) =>
    `Gráfico de barras com ${count} ${count === 1 ? 'período' : 'períodos'}; o maior chega a ${max}. Os mesmos números estão na tabela a seguir.`,
  tableTitle: 'Os números do gráfico',
  period: 'Período',
  total: 'Total',
  topTitle: 'Peças mais vendidas',
  topEmpty: 'Nenhuma peça vendida neste período.',
  piece: 'Peça',
  units: 'Unidades',
  linesTotal: 'Valor das linhas',
  topHint: 'Das encomendas que ficaram pagas; o valor das linhas é o preço das peças com o desconto do produto, sem portes.',
  methodsTitle: 'Por método de pagamento',
  method: 'Método',
  empty: 'Ainda não há vendas pagas neste período.',
  periodLabel,
  rangeLabel: (from: string, to: string) =>
    `${longDay.format(new Date(`${from}T12:00:00Z`))} a ${longDay.format(new Date(`${to}T12:00:00Z`))}`,
};
