/** What the back-office says about suspicious orders, the block list and held stock (pt-PT, "tu"). */
import { BLOCK_DURATIONS, type BlockDuration } from '#shared/abuse.ts';

const list = (numbers: readonly number[]) =>
  numbers.length === 1 ? `nº ${numbers[0]}` : `nº ${numbers.slice(0, -1).join(', ')} e ${numbers.at(-1)}`;

export const abuseUiTexts = {
  blockFor: 'Bloquear durante',
  durations: Object.fromEntries(Object.entries(BLOCK_DURATIONS).map(([id, d]) => [id, d.label])) as Record<BlockDuration, string>,
  panel: {
    title: 'Encomenda suspeita?',
    hint: 'Reservas em série, dados estranhos, um comprovativo que não é um pagamento: fecha-a. As peças voltam ao stock e o e-mail, o telefone e o endereço de onde foi feita deixam de poder reservar durante o tempo que escolheres. O cliente não recebe e-mail.',
    open: 'Fechar como suspeita…',
    confirmTitle: (orderNumber: number) => `Fechar a encomenda nº ${orderNumber} como suspeita?`,
    confirmText: (label: string) =>
      `A encomenda é cancelada, as peças voltam ao stock, e o e-mail, o telefone e o endereço do cliente ficam impedidos de reservar durante ${label}. Podes levantar o bloqueio mais cedo em Definições.`,
    confirm: 'Sim, fechar como suspeita',
    cancel: 'Não fechar',
    working: 'A fechar…',
    done: (until: string) => `Encomenda fechada como suspeita. O cliente não pode reservar até ${until}.`,
    failed: 'Não foi possível fechar a encomenda.',
  },
  bulkDone: (numbers: readonly string[]) =>
    numbers.length === 1
      ? `Encomenda nº ${numbers[0]} fechada como suspeita.`
      : `Encomendas nº ${numbers.join(', ')} fechadas como suspeitas.`,
  bulk: {
    button: (n: number) => `Fechar como suspeitas (${n})`,
    confirmTitle: (numbers: readonly number[]) => `Fechar como suspeitas as encomendas ${list(numbers)}?`,
    confirmText: (label: string) =>
      `Cada uma é cancelada, as peças voltam ao stock, e os e-mails, telefones e endereços ficam impedidos de reservar durante ${label}. Só fecham as que estão por pagar ou por confirmar.`,
    confirm: 'Sim, fechar todas',
    cancel: 'Não fechar',
    working: 'A fechar…',
    failedOne: (orderNumber: number | string, why: string) => `Encomenda ${orderNumber}: ${why}`,
    failed: 'Não foi possível fechar as encomendas.',
  },
  blocks: {
    title: 'Clientes bloqueados',
    hint: 'Quem fechaste como suspeito não pode reservar até ao fim do bloqueio (pelo e-mail, pelo telefone ou pelo endereço de onde reservou). Se for um engano, levanta o bloqueio aqui. Um bloqueio terminado sai da lista.',
    empty: 'Ninguém está bloqueado.',
    order: (orderNumber: number) => `Encomenda nº ${orderNumber}`,
    until: (when: string) => `até ${when}`,
    email: 'E-mail',
    phone: 'Telefone',
    client: 'Endereço',
    none: '—',
    remove: 'Levantar bloqueio',
    removing: 'A levantar…',
    removed: (orderNumber: number) => `Bloqueio da encomenda nº ${orderNumber} levantado: o cliente já pode reservar.`,
    failed: 'Não foi possível levantar o bloqueio.',
    loadFailed: 'Não foi possível carregar os bloqueios.',
  },
  dashboard: {
    unconfirmed: 'Comprovativos por confirmar',
    unitsHeld: (n: number) => (n === 1 ? '1 peça presa até confirmares ou fechares' : `${n} peças presas até confirmares ou fechares`),
  },
  anonymise: {
    closeAndErase: 'Fechar as reservas e anonimizar',
    closeFirst: (numbers: readonly number[]) =>
      numbers.length === 1
        ? `A reserva por pagar ${list(numbers)} é fechada primeiro (as peças voltam ao stock, sem e-mail ao cliente).`
        : `As reservas por pagar ${list(numbers)} são fechadas primeiro (as peças voltam ao stock, sem e-mail ao cliente).`,
  },
} as const;
