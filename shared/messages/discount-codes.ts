/**
 * The discount codes' texts: the customer's field and its refusals, the owner's "Códigos de desconto".
 * Part of the shop's texts: import them from `shared/messages/index.ts`.
 */

/** The customer's side: the field at the cart and the checkout, and why a code is refused. */
export const discountCodeTexts = {
  field: 'Código de desconto',
  /** The cart's button that opens the field (the field and its proof of work load only then). */
  open: 'Tens um código de desconto?',
  apply: 'Aplicar',
  remove: 'Remover',
  checking: 'A verificar o código...',
  hint: 'Tens um código? O desconto é confirmado pela loja antes de reservares.',
  applied: (code: string) => `Código ${code} aplicado.`,
  /** The summary's row: "Código MARIA10". */
  row: (code: string) => `Código ${code}`,
  freeShippingRow: (code: string) => `Código ${code} (portes grátis)`,
  unknown: 'Este código não existe ou já não está ativo. Confirma como está escrito.',
  expired: (until: string) => `Este código terminou a ${until}.`,
  notStarted: (from: string) => `Este código só é válido a partir de ${from}.`,
  minimum: (amount: string) =>
    `Este código é para encomendas a partir de ${amount} (depois dos descontos das peças). Junta mais peças ao carrinho para o usar.`,
  usedUp: 'Este código já foi usado o número de vezes previsto.',
  usedUpByCustomer: (uses: number) => `Já usaste este código ${uses === 1 ? 'uma vez' : `${uses} vezes`}, o máximo por cliente.`,
  notApplicable: 'Este código não se aplica às peças do teu carrinho.',
  notApplicableDiscounted: 'Este código não se aplica a peças já com desconto, e o teu carrinho só tem peças em promoção.',
  /** A code that changed meanwhile (the owner paused or edited it while the customer was at the checkout). */
  changed: 'O código mudou entretanto: aplica-o de novo para veres o preço certo.',
  invalid: 'Escreve o código como o recebeste: letras, algarismos e hífenes, até 30 caracteres.',
  /** The accountant's files: the orders CSV's columns (the Movimentos CSV has the first). */
  csvColumns: ['Código de desconto', 'Desconto do código'],
} as const;

/** The owner's side: the list, the form and their answers. */
export const discountCodeAdminTexts = {
  title: 'Códigos de desconto',
  lead: 'Códigos para campanhas e para quem traz vendas (influencers, publicações). Cada uso é contado com a reserva da encomenda e devolvido se a reserva expirar ou for cancelada sem pagamento.',
  newCode: 'Novo código',
  empty: 'Ainda não há códigos. Cria o primeiro para uma campanha ou para uma influencer.',
  code: 'Código',
  codeHint: 'Letras (sem O nem I), algarismos (sem 0 nem 1) e hífenes: confundem-se ao ler e ao ditar. Ex.: MARIA25, NATAL-15.',
  type: 'Desconto',
  typeLabels: { percent: 'Percentagem', amount: 'Valor fixo', freeShipping: 'Portes grátis' },
  percent: 'Percentagem (%)',
  amount: 'Valor (€)',
  minOrder: 'Encomenda mínima (€, depois dos descontos das peças)',
  startsAt: 'Válido a partir de (hora de Lisboa)',
  endsAt: 'Válido até (hora de Lisboa, inclusive)',
  maxUses: 'Usos no total',
  maxUsesPerCustomer: 'Usos por cliente (e-mail)',
  unlimited: 'sem limite',
  appliesToDiscounted: 'Aplica-se também a peças já com desconto',
  scope: 'Peças abrangidas',
  scopeAll: 'Todas as peças',
  collections: 'Coleções',
  types: 'Tipos de peça',
  active: 'Ativo',
  paused: 'Pausado',
  note: 'Nota (para quem é)',
  notePlaceholder: 'influencer Maria',
  uses: 'Usos',
  save: 'Guardar',
  create: 'Criar código',
  cancel: 'Cancelar',
  edit: 'Editar',
  pause: 'Pausar',
  resume: 'Ativar',
  remove: 'Apagar',
  confirmRemove: (code: string) => `Apagar o código ${code}? Quem o tiver não o poderá usar.`,
  created: (code: string) => `Código ${code} criado.`,
  saved: (code: string) => `Código ${code} guardado.`,
  removed: (code: string) => `Código ${code} apagado.`,
  exists: (code: string) => `Já existe o código ${code} (maiúsculas e minúsculas contam como iguais).`,
  notFound: 'Este código não existe (pode ter sido apagado).',
  inUse: (uses: number) =>
    `Este código já foi usado em ${uses === 1 ? 'uma encomenda' : `${uses} encomendas`}: pausa-o em vez de o apagar, para as vendas continuarem a dizer de onde vieram.`,
  lookAlike:
    'O código não pode ter as letras O e I nem os algarismos 0 e 1: confundem-se ao ler e ao ditar (ex.: MARIA25 em vez de MARIA10).',
  codeInvalid: 'O código tem de ter 3 a 30 caracteres: letras, algarismos e hífenes.',
  percentInvalid: 'A percentagem é um número inteiro de 1 a 90.',
  amountInvalid: 'O valor é um montante de 0,01 € a 10 000 €.',
  minOrderInvalid: 'A encomenda mínima é um montante de 0 € a 10 000 €.',
  dateInvalid: 'Escolhe uma data e hora válidas.',
  endsBeforeStart: 'O fim tem de ser depois do início.',
  usesInvalid: 'Os usos são um número inteiro de 1 a 100 000 (vazio: sem limite).',
  typeInvalid: 'Escolhe percentagem, valor fixo ou portes grátis.',
  scopeInvalid: 'Escolhe coleções e tipos de peça que existem.',
  noteInvalid: 'A nota tem no máximo 120 caracteres.',
  statusActive: 'Ativo',
  statusPaused: 'Pausado',
  statusScheduled: 'Agendado',
  statusEnded: 'Terminado',
  statusUsedUp: 'Esgotado',
  /** The sales view's table of codes (docs/sales.md). */
  sales: {
    title: 'Por código de desconto',
    empty: 'Nenhuma encomenda destes dias usou um código de desconto.',
    code: 'Código',
    revenue: 'Receita',
    orders: 'Vendas',
    discount: 'Descontado',
    uses: 'Usos',
    hint: 'Receita: o que entrou menos o que foi devolvido, das encomendas com o código. Usos: encomendas feitas com o código nestes dias, sem as reservas que expiraram ou foram canceladas por pagar.',
  },
} as const;
