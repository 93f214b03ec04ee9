/**
 * The back-office's texts that the functions share with it, and the GDPR erasure's.
 * Part of the shop's texts: import them from `shared/messages/index.ts`.
 */
import { ADMIN_PASSWORD_POLICY, passwordRuleText } from '../password-policy.ts';

// Texts made from values, or shared with another part, stand apart: bundlers keep a template with a
// value in it (it could run code), and an area that held one would be in every bundle, read or not.
const NEW_PASSWORD_INVALID = `A palavra-passe não cumpre as regras: ${passwordRuleText(ADMIN_PASSWORD_POLICY)}.`;

/** Back-office. */
export const adminTexts = {
  settingsSaved: 'Definições guardadas. A loja usa os novos valores dentro de segundos.',
  settingsUnchanged: 'Não alteraste nada: não havia nada a guardar.',
  settingsSaveFailed: 'Não foi possível guardar as definições. Tenta novamente.',
  productCodeTaken: 'Já existe um produto com este código.',
  collectionUnknown: 'Escolhe uma coleção que exista.',
  /** English original: 'Loading, please wait...'. */
  authLoading: 'A carregar, um momento...',
  loginFailed: 'E-mail ou palavra-passe incorretos.',
  /** English original: 'Status updated successfully!'. */
  statusUpdated: 'Estado atualizado com sucesso!',
  statusSaveFailed: 'Não foi possível guardar o estado. Tenta novamente.',
  /** English original: 'Email sent successfully!'. */
  emailSent: 'E-mail enviado com sucesso!',
  /** English original: 'Failed to send email.'. */
  emailFailed: 'Não foi possível enviar o e-mail.',
  /** English original: 'Failed to send email. Please check the logs.'. */
  emailFailedCheckLogs: 'Não foi possível enviar o e-mail. Consulta os registos.',
  /** English original: 'No contact details found.'. */
  contactNotFound: 'Mensagem de contacto não encontrada.',
  /** `/clientes/{ref}` with something that is not a customer's reference (`shared/customer-ref.ts`). */
  customerRefInvalid: 'Este endereço de cliente não é válido. Abre o cliente a partir de uma encomenda ou de uma mensagem.',
  /** The order or message of a customer's reference is gone, or no longer holds their e-mail (anonymised). */
  customerGone: 'Já não há dados pessoais deste cliente na loja (foram anonimizados ou apagados).',
  orderNotFound: 'Encomenda não encontrada.',
  noProof: 'Nenhum comprovativo enviado',
  productSaved: 'Produto guardado com sucesso!',
  productSaveFailed: 'Não foi possível guardar o produto. Tenta novamente.',
  collectionCreated: 'Coleção criada com sucesso!',
  collectionCreateFailed: 'Não foi possível criar a coleção. Tenta novamente.',
  imageUploadFailed: 'Não foi possível enviar a imagem. Tenta novamente.',
  /** Sign-in: the session ended (expired, refresh refused, or the API answered 401). */
  sessionExpired: 'A tua sessão terminou. Inicia sessão novamente.',
  /** Sign-in could not reach the authentication service (network, configuration). */
  loginUnavailable: 'Não foi possível iniciar sessão. Tenta novamente dentro de momentos.',
  /** The back-office could not check the session (no network, the server not answering). */
  /** The fresh link to a proof of payment could not be fetched. */
  proofUnavailable: 'Não foi possível abrir o comprovativo. Tenta novamente.',
  productDeleted: 'Peça apagada.',
  productDeleteFailed: 'Não foi possível apagar a peça.',
  sessionCheckFailed: 'Não foi possível ligar ao back-office. Verifica a ligação à internet e tenta novamente.',
  tooManyAttempts: 'Demasiadas tentativas. Aguarda alguns minutos e tenta novamente.',
  passwordResetRequired: 'Tens de redefinir a palavra-passe: usa «Esqueci-me da palavra-passe».',
  /** The forgotten-password flow: the same answer whether or not the address has an account. */
  resetCodeSent: (email: string) =>
    `Se ${email} tiver conta no back-office, enviámos para lá um código. Escreve-o abaixo com a nova palavra-passe.`,
  resetCodeInvalid: 'O código não está certo. Confirma-o no e-mail ou pede um novo.',
  resetCodeExpired: 'O código expirou. Pede um novo.',
  resetDone: 'Palavra-passe alterada. Já podes entrar com ela.',
  unsupportedSignInStep: 'Este passo de início de sessão não é suportado aqui. Fala com quem gere as contas da loja.',
  /** First sign-in of an account created by an operator (NEW_PASSWORD_REQUIRED). */
  newPasswordRequired: 'É o teu primeiro acesso: escolhe uma nova palavra-passe para continuar.',
  newPasswordMismatch: 'As duas palavras-passe não coincidem.',
  newPasswordInvalid: NEW_PASSWORD_INVALID,
  /** The TOTP step (authenticator app): what was typed is not six digits. */
  totpCodeFormat: 'O código tem 6 algarismos: escreve só os números que a aplicação mostra.',
  /** A later sign-in's TOTP code was refused (CodeMismatchException, or a code already used). */
  totpCodeInvalid:
    'O código não está certo ou já foi usado. Escreve o código que a aplicação de autenticação mostra agora (muda a cada 30 segundos).',
  /** The first code of the TOTP setup was refused (EnableSoftwareTokenMFAException). */
  totpSetupCodeInvalid:
    'O código não está certo. Confirma que acrescentaste a conta à aplicação de autenticação com a chave desta página e escreve o código que ela mostra agora (muda a cada 30 segundos).',
  /** The sign-in took too long between its steps (NotAuthorizedException "Invalid session"): it starts again. */
  totpSessionExpired: 'O tempo para concluir a entrada acabou. Entra de novo com o e-mail e a palavra-passe.',
  /** The same, during the TOTP setup: the next attempt gets a new key, so the one already added is useless. */
  totpSetupSessionExpired:
    'O tempo para concluir a entrada acabou. Entra de novo com o e-mail e a palavra-passe: vais receber uma chave nova. Se já tinhas acrescentado a conta à aplicação de autenticação, apaga-a lá, porque essa chave deixa de servir.',
  welcome: (email: string) => `Bem-vindo(a) ao back-office${email ? `, ${email}` : ''}!`,
  /** A stock adjustment that took the stock from 0 to above 0: the requests are e-mailed through the outbox. */
  backInStockQueued: 'Os pedidos de aviso de reposição desta peça vão ser avisados por e-mail dentro de momentos.',
  /** An e-mail of an order was queued (the outbox sends it; the history shows when it went out). */
  emailQueued: 'E-mail em envio: aparece no histórico quando for entregue ao serviço de e-mail.',
  /** The same click (idempotency key) arrived twice: one e-mail only. */
  emailAlreadyQueued: 'Este envio já tinha sido pedido: só vai um e-mail.',
  /**
   * An e-mail that is not true of the order (409 `email_not_applicable`, nothing sent), by kind
   * (`emailApplies` of `shared/order-emails.ts`).
   */
  emailNotApplicable: {
    'order-received':
      'Este e-mail diz que recebemos o comprovativo de pagamento: só se envia depois de o comprovativo chegar, e não a uma encomenda encerrada. Nada foi enviado.',
    'payment-confirmed':
      'Este e-mail diz ao cliente que o pagamento foi confirmado: só se envia a uma encomenda paga («Enviar», «Enviado» ou «Concluído»). Nada foi enviado.',
    shipped: 'Este e-mail diz que a encomenda foi enviada: só se envia depois de a marcar como «Enviado». Nada foi enviado.',
    'review-request': 'O pedido de avaliação só se envia depois de a encomenda ser enviada («Enviado» ou «Concluído»). Nada foi enviado.',
    'order-cancelled': 'Este e-mail diz que a encomenda foi cancelada: só se envia a uma encomenda encerrada. Nada foi enviado.',
  },
  /** On the owner's timeline: a reservation the owner marked paid (the customer's history names the status only). */
  paidOutsideEntry: 'pagamento confirmado pela loja',
  /** On the timeline, for the owner only: why the reservation was marked paid without a proof on the site. */
  paidOutsideNote: (note: string) => `Pagamento confirmado sem comprovativo no site: ${note}`,
  noOrders: 'Não há encomendas com estes filtros.',
  noProducts: 'Não há produtos com estes filtros.',
  noCollections: 'Ainda não há coleções.',
  noContactMessages: 'Ainda não há mensagens de contacto.',
  noStockAlerts: 'Ainda não há pedidos de aviso de reposição.',
  /** Note of the movement that records a new product's initial stock. */
  initialStockNote: 'Stock inicial',
  /** A stock change of a piece sold in sizes that names none (or one it does not have). */
  stockSizeMissing: 'Escolhe o tamanho cujo stock queres alterar.',
  /** A product save that drops a size still holding units. */
  sizeHasStock: (size: string, stock: number) =>
    `O tamanho «${size}» ainda tem ${stock} em stock: acerta o stock para 0 antes de o retirar.`,
  /** Dividing a piece that has units (and no sizes) into sizes. */
  splitIntoSizes: (stock: number) =>
    `Esta peça tem ${stock} em stock sem tamanho. Acerta o stock para 0 em «Ajustar stock» antes de a dividir em tamanhos; depois indica o stock de cada tamanho.`,
  /** "Ajustar stock" panel of the product page. */
  stockAdjusted: (stock: number) => `Stock atualizado: agora é ${stock}.`,
  stockAdjustFailed: 'Não foi possível alterar o stock. Tenta novamente.',
  noStockMovements: 'Ainda não há movimentos de stock deste produto.',
  stockMovementsFailed: 'Não foi possível carregar o histórico de stock.',
  /** The product form after a 409 product_changed, once the current values are loaded. */
  productReloaded: 'Carregámos os valores atuais do produto. Volta a fazer as tuas alterações e guarda.',
  noEmailsSent: 'Ainda não foi enviado nenhum e-mail desta encomenda.',
} as const;

/** Anonymising a customer on their request (GDPR erasure, `POST /api/admin/customers/{ref}/anonymise`). */
export const gdprTexts = {
  /** On each anonymised order's timeline, by the admin. */
  orderEntry: 'Dados pessoais anonimizados a pedido do cliente (RGPD).',
  proofEntry: 'Comprovativo de pagamento apagado: dados pessoais anonimizados a pedido do cliente (RGPD).',
  /** The refusal (409): nothing was changed. */
  openOrders: (numbers: readonly number[]) => {
    const list =
      numbers.length === 1 ? `a encomenda nº ${numbers[0]}` : `as encomendas nº ${numbers.slice(0, -1).join(', ')} e ${numbers.at(-1)}`;
    return numbers.length === 1
      ? `Ainda não é possível anonimizar este cliente: ${list} ainda não terminou (está por pagar, confirmar, enviar ou entregar). Conclui-a ou encerra-a primeiro. Nada foi alterado.`
      : `Ainda não é possível anonimizar este cliente: ${list} ainda não terminaram (estão por pagar, confirmar, enviar ou entregar). Conclui-as ou encerra-as primeiro. Nada foi alterado.`;
  },
  done: (done: { readonly orders: number; readonly proofs: number; readonly contactMessages: number; readonly stockAlerts: number }) =>
    [
      `Dados pessoais anonimizados: ${done.orders === 1 ? '1 encomenda ficou' : `${done.orders} encomendas ficaram`} sem dados pessoais (guardadas para a contabilidade)`,
      done.proofs === 1 ? '1 comprovativo de pagamento apagado' : `${done.proofs} comprovativos de pagamento apagados`,
      done.contactMessages === 1 ? '1 mensagem de contacto apagada' : `${done.contactMessages} mensagens de contacto apagadas`,
      done.stockAlerts === 1 ? '1 pedido de aviso de reposição apagado.' : `${done.stockAlerts} pedidos de aviso de reposição apagados.`,
    ].join('; '),
  nothingLeft: (email: string) => `Nada a anonimizar: já não há encomendas, mensagens nem pedidos de aviso com dados pessoais de ${email}.`,
  /** Resending an e-mail of an anonymised order. */
  orderAnonymised: 'Os dados pessoais desta encomenda foram anonimizados a pedido do cliente: já não há e-mail para onde enviar.',
} as const;
