/**
 * The search's words (docs/search-and-feeds.md): the results page and the header field's suggestions,
 * both loaded on demand, so these words stay out of the shop's first load (the field's own three are in
 * `storefront.ts`).
 */
export const searchTexts = {
  title: (query: string) => (query ? `Pesquisa: ${query}` : 'Pesquisa'),
  description: (query: string) => (query ? `Peças da Joias Inox para «${query}».` : 'Pesquisa as joias em aço inoxidável da Joias Inox.'),
  heading: (query: string) => (query ? `Resultados para «${query}»` : 'Pesquisa'),
  count: (n: number) => (n === 1 ? '1 peça encontrada' : `${n} peças encontradas`),
  none: (query: string) => `Sem resultados para «${query}».`,
  noneHelp: 'Experimenta outra palavra (por exemplo «anel», «colar» ou «coração») ou vê as nossas coleções:',
  empty: 'Escreve o que procuras: o nome de uma peça, um tipo (anel, colar, brinco, pulseira), uma coleção ou um tamanho.',
  allPieces: 'Ver todas as peças',
  loadFailed: 'Não foi possível pesquisar agora. Tenta novamente.',
  /** The field's list as the customer types. */
  suggestions: 'Sugestões',
  seeAll: (n: number) => (n === 1 ? 'Ver o resultado' : `Ver os ${n} resultados`),
  searching: 'A pesquisar…',
  noSuggestions: 'Sem resultados: carrega em Enter para ver sugestões.',
} as const;

/** The back-office's panel with the feeds' addresses (Definições). */
export const feedTexts = {
  title: 'Catálogos para o Google e o Instagram',
  intro:
    'Cola estes endereços no Google Merchant Center (listagens gratuitas) e no Gestor de Comércio da Meta (Instagram e Facebook Shopping). Levam todas as peças ativas com fotografia, com preços, descontos e stock, e são atualizados a cada hora.',
  google: 'Google Merchant Center (RSS)',
  meta: 'Meta: Instagram e Facebook (CSV)',
} as const;
