/**
 * The sales view's CSV ("Descarregar CSV" in "Vendas", docs/sales.md): its sections' titles and
 * columns, in the words of the view. Part of the shop's texts: import them from `shared/messages/index.ts`.
 * Its groupings are `SalesGrouping`'s (`shared/schemas/sales-query.ts`, which imports the texts).
 */

/** How the view groups its days (`SALES_GROUPINGS`). */
type Grouping = 'day' | 'week' | 'month';

export const salesCsvTexts = {
  /** The first column of the periods' rows: what a period is (a week is named by its Monday). */
  period: { day: 'Dia', week: 'Semana (segunda-feira)', month: 'Mês' } satisfies Record<Grouping, string>,
  /** The periods' figures, in this order (money as `12,34`). */
  figures: ['Receita', 'Encomendas', 'Cesto médio', 'Recebido', 'Devolvido'],
  total: 'Total',
  pieces: ['Peças mais vendidas', 'Tamanho', 'Unidades', 'Valor das linhas'],
  codes: ['Código de desconto', 'Receita', 'Vendas', 'Descontado', 'Usos'],
  methods: ['Método de pagamento', 'Recebido', 'Devolvido'],
  /** The file's name: its days and grouping. */
  fileName: (from: string, to: string, by: Grouping) => `vendas-${from}-a-${to}-por-${salesCsvFileGrouping[by]}.csv`,
  /** The screen's button and its words while the file comes. */
  download: 'Descarregar CSV',
  working: 'A preparar o ficheiro...',
  failed: 'Não foi possível preparar o ficheiro. Tenta de novo.',
} as const;

const salesCsvFileGrouping = { day: 'dia', week: 'semana', month: 'mes' } as const satisfies Record<Grouping, string>;
