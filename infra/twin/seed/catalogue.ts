/**
 * The demo catalogue seeded on the twin's first start (and by `npm run seed`): 14 pieces over the four
 * types, three collections (one is "New Beginnings"), some discounted, two out of stock.
 */
import type { Product } from '#shared/product.ts';
import type { Metal, Motif } from './images.ts';

export const seedCollections = ['New Beginnings', 'Essenciais', 'Mar Atlântico'] as const;

export interface SeedPiece extends Omit<Product, 'photos' | 'mainImage' | 'secondaryImage' | 'variants' | 'slug'> {
  /** The piece's sizes; without them, one unlabelled size holding `stock` and `sku`. */
  readonly variants?: Product['variants'];
  readonly metal: Metal;
  readonly motif: Motif;
  readonly backdrop: number;
}

const piece = (p: SeedPiece): SeedPiece => p;

export const seedPieces: readonly SeedPiece[] = [
  piece({ id: 'colar-coracao-eterno', code: 'COL-001', sku: 'JI-COL-001-45', name: 'Colar Coração Eterno', type: 'colar', collection: 'New Beginnings',
    description: 'Fio em aço inoxidável com pendente em forma de coração, polido à mão.\nComprimento ajustável de 40 a 45 cm.\nHipoalergénico e resistente à água.',
    priceCents: 2490, discountPercent: 15, stock: 12, metal: 'gold', motif: 'heart', backdrop: 0 }),
  piece({ id: 'fio-estrela-do-norte', code: 'COL-002', sku: 'JI-COL-002-45', name: 'Fio Estrela do Norte', type: 'colar', collection: 'New Beginnings',
    description: 'Uma estrela para te guiar em cada novo começo.\nAço inoxidável 316L, comprimento 45 cm.',
    priceCents: 1990, discountPercent: 0, stock: 8, metal: 'steel', motif: 'star', backdrop: 1 }),
  piece({ id: 'colar-lua-crescente', code: 'COL-003', sku: 'JI-COL-003-50', name: 'Colar Lua Crescente', type: 'colar', collection: 'Essenciais',
    description: 'Pendente de lua crescente em tom rosa.\nComprimento 50 cm, fecho de mosquetão.',
    priceCents: 2290, discountPercent: 0, stock: 0, metal: 'rose', motif: 'moon', backdrop: 2 }),
  piece({ id: 'fio-gota-de-orvalho', code: 'COL-004', sku: 'JI-COL-004', name: 'Fio Gota de Orvalho', type: 'colar', collection: 'Mar Atlântico',
    description: 'Delicada gota em aço polido, inspirada no orvalho da manhã.\nEm três comprimentos: 40, 45 e 50 cm.',
    priceCents: 1790, discountPercent: 0, stock: 15, metal: 'steel', motif: 'drop', backdrop: 3,
    variants: [
      { id: 'c40', label: '40 cm', sku: 'JI-COL-004-40', stock: 0, priceDeltaCents: 0 },
      { id: 'c45', label: '45 cm', sku: 'JI-COL-004-45', stock: 9, priceDeltaCents: 0 },
      { id: 'c50', label: '50 cm', sku: 'JI-COL-004-50', stock: 6, priceDeltaCents: 200 },
    ] }),
  piece({ id: 'anel-infinito', code: 'ANE-001', sku: 'JI-ANE-001', name: 'Anel Infinito', type: 'anel', collection: 'New Beginnings',
    description: 'O símbolo do infinito num anel fino e confortável.\nAço inoxidável dourado, não escurece.',
    priceCents: 1590, discountPercent: 0, stock: 20, metal: 'gold', motif: 'infinity', backdrop: 0 }),
  piece({ id: 'anel-solitario-aurora', code: 'ANE-002', sku: 'JI-ANE-002', name: 'Anel Solitário Aurora', type: 'anel', collection: 'Essenciais',
    description: 'Solitário com zircónia cravada à mão.\nBrilho intemporal para todos os dias.',
    priceCents: 2990, discountPercent: 10, stock: 5, metal: 'steel', motif: 'gem', backdrop: 1 }),
  piece({ id: 'anel-entrelacado', code: 'ANE-003', sku: 'JI-ANE-003', name: 'Anel Entrelaçado', type: 'anel', collection: 'Mar Atlântico',
    description: 'Dois fios de aço entrelaçados como as ondas do mar.\nAcabamento polido.',
    priceCents: 1390, discountPercent: 0, stock: 9, metal: 'rose', motif: 'twist', backdrop: 2 }),
  piece({ id: 'brincos-argola-classica', code: 'BRI-001', sku: 'JI-BRI-001', name: 'Brincos Argola Clássica', type: 'brinco', collection: 'Essenciais',
    description: 'Argolas médias em aço inoxidável, leves e seguras.\nDiâmetro 25 mm.',
    priceCents: 1490, discountPercent: 0, stock: 25, metal: 'gold', motif: 'plain', backdrop: 3 }),
  piece({ id: 'brincos-perola-do-mar', code: 'BRI-002', sku: 'JI-BRI-002', name: 'Brincos Pérola do Mar', type: 'brinco', collection: 'New Beginnings',
    description: 'Pérolas de água doce suspensas em aço polido.\nCada pérola é única.',
    priceCents: 2190, discountPercent: 20, stock: 6, metal: 'steel', motif: 'pearl', backdrop: 0 }),
  piece({ id: 'brincos-gota-dourada', code: 'BRI-003', sku: 'JI-BRI-003', name: 'Brincos Gota Dourada', type: 'brinco', collection: 'Mar Atlântico',
    description: 'Pendentes em gota, em aço dourado.\nFecho de pressão hipoalergénico.',
    priceCents: 1890, discountPercent: 0, stock: 0, metal: 'gold', motif: 'drop', backdrop: 1 }),
  piece({ id: 'brincos-estrela-cadente', code: 'BRI-004', sku: 'JI-BRI-004', name: 'Brincos Estrela Cadente', type: 'brinco', collection: 'New Beginnings',
    description: 'Pequenas estrelas para iluminar o rosto.\nAço inoxidável rosa.',
    priceCents: 1290, discountPercent: 0, stock: 14, metal: 'rose', motif: 'star', backdrop: 2 }),
  piece({ id: 'pulseira-elos-fortes', code: 'PUL-001', sku: 'JI-PUL-001-19', name: 'Pulseira Elos Fortes', type: 'pulseira', collection: 'Essenciais',
    description: 'Corrente de elos em aço escovado.\nComprimento 19 cm com extensão até 20 cm.',
    priceCents: 2790, discountPercent: 0, stock: 7, metal: 'steel', motif: 'twist', backdrop: 3 }),
  piece({ id: 'pulseira-trevo-da-sorte', code: 'PUL-002', sku: 'JI-PUL-002-18', name: 'Pulseira Trevo da Sorte', type: 'pulseira', collection: 'New Beginnings',
    description: 'Corrente fina com um trevo de quatro folhas.\nComprimento 18 cm com extensão até 20 cm.',
    priceCents: 1990, discountPercent: 25, stock: 11, metal: 'gold', motif: 'clover', backdrop: 0 }),
  piece({ id: 'pulseira-riviera', code: 'PUL-003', sku: 'JI-PUL-003-19', name: 'Pulseira Riviera', type: 'pulseira', collection: 'Mar Atlântico',
    description: 'Pulseira com pequeno coração, para usar sozinha ou em conjunto.\nComprimento 19 cm.',
    priceCents: 3490, discountPercent: 0, stock: 4, metal: 'rose', motif: 'heart', backdrop: 1 }),
];
