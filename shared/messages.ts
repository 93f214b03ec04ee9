/**
 * Every text the customer or the owner reads, in pt-PT. Web and lambdas import from here.
 */
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart.ts';
import type { PaymentInstructions } from './payment-methods.ts';
import { ADMIN_PASSWORD_POLICY, passwordRuleText } from './password-policy.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS } from './shipping.ts';

const PROOF_MISSING = 'Por favor, faça upload do comprovativo de pagamento.';
const TERMS_NOT_ACCEPTED = 'Por favor, aceite os termos e condições.';
const STOCK_ALERT_EMAIL_MISSING = 'Insere o teu email para nós conseguirmos avisar';
const EMAIL_INVALID = 'Indica um e-mail válido.';

/** "30 segundos", "1 minuto", "12 minutos", "1 hora": a wait of whole seconds, rounded up to a word a person reads. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 segundo' : `${s} segundos`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/**
 * The shop's texts by area. Texts the shop gave in Portuguese are kept word for word; those it gave in
 * English are translated, with the English original noted beside them. Texts that depend on values are
 * functions. Field-level validation texts live under `validation` and are what the zod schemas in
 * `schemas/` report, one specific message per field and rule.
 *
 * @example
 * messages.checkout.outOfStock('Colar Lua', 1); // 'Só resta 1 unidade do produto «Colar Lua». ...'
 */
export const messages = {
  /** Error messages carried in API error bodies `{ error: { code, message, fields? } }`. */
  /** Pages of the shop's front door (CloudFront, or the twin's) for addresses it cannot serve. */
  frontDoor: {
    badRequest: 'Este endereço não é válido.',
    notFound: 'Esta página não existe.',
    backHome: 'Voltar à página inicial',
  },
  api: {
    invalidJson: 'O pedido não é um JSON válido.',
    unsupportedMediaType: 'O pedido tem de ser enviado em JSON (Content-Type: application/json).',
    payloadTooLarge: 'O pedido é demasiado grande.',
    invalidInput: 'Alguns dados não são válidos. Corrige os campos assinalados.',
    routeNotFound: 'Este endereço não existe.',
    notFound: 'Não encontrámos o que procuras.',
    productNotFound: 'Produto não encontrado.',
    productInStock: 'Esta peça está disponível: podes comprá-la já.',
    /** PUT of a product over a version that is no longer the stored one (optimistic locking): nothing saved. */
    /** A piece that was ordered cannot be deleted (its orders refer to it): archive it. */
    productOrdered: 'Esta peça já foi encomendada, por isso não pode ser apagada. Arquiva-a: sai da loja e as encomendas continuam a mostrá-la.',
    productChanged:
      'Este produto foi alterado entretanto (noutra janela ou por outra pessoa) e nada foi guardado. Recarrega os valores atuais e volta a fazer as tuas alterações.',
    /** "Definir para N" over a stock that is no longer the one the owner saw: nothing changed. */
    stockChanged: (current: number) =>
      `O stock mudou entretanto: agora é ${current}. Nada foi alterado; confirma o novo valor e tenta novamente.`,
    /** An adjustment that would take the stock below 0: nothing changed. */
    stockBelowZero: (current: number) =>
      `O stock não pode ficar negativo: o stock atual é ${current}. Nada foi alterado.`,
    /** An adjustment that would take the stock above 9999: nothing changed. */
    stockAboveMax: (current: number) =>
      `O stock não pode passar de 9999 unidades: o stock atual é ${current}. Nada foi alterado.`,
    /** An adjustment that lost the race to other changes of the same stock too many times in a row. */
    stockBusy: 'O stock deste produto está a mudar neste momento e nada foi alterado. Tenta novamente.',
    collectionExists: 'Já existe uma coleção com esse nome.',
    collectionNotFound: 'Esta coleção já não existe.',
    collectionChanged: 'A coleção ou as suas peças mudaram entretanto. Recarrega a página e tenta de novo.',
    collectionNotEmpty: (n: number) => `A coleção tem ${n === 1 ? '1 peça' : `${n} peças`}: muda-as de coleção (ou deixa-as sem coleção) antes de a apagar.`,
    collectionTooBig: (max: number) => `Esta coleção tem mais de ${max} peças: não é possível mudar-lhe o nome de uma só vez.`,
    unauthorized: 'Tens de iniciar sessão para continuar.',
    forbidden: 'Não tens permissão para aceder a esta área.',
    conflict: 'O pedido entra em conflito com o estado atual. Tenta novamente.',
    unavailable: 'O serviço está temporariamente indisponível. Tenta novamente dentro de momentos.',
    /** Over a per-client limit of a public route: how long to wait, from `Retry-After`. */
    tooManyRequests: (retryAfterSeconds: number) =>
      `Fizeste demasiados pedidos seguidos. Por segurança, espera ${waitText(retryAfterSeconds)} e tenta novamente.`,
    /** A request that did not come through the shop's own address (CloudFront): the API's origin lock. */
    originRefused: 'Este pedido tem de passar pelo endereço da loja.',
    /** The stage's own throttle (API Gateway's "Too Many Requests", no time given). */
    busy: 'A loja está a receber muitos pedidos neste momento. Espera alguns segundos e tenta novamente.',
    /** The API took longer than its limit (API Gateway's 503/504). */
    timeout: 'A loja demorou demasiado a responder. Verifica a tua ligação e tenta novamente.',
    internal: 'Ocorreu um erro inesperado. Tenta novamente dentro de momentos.',
    proofNotFound: 'Não encontrámos o comprovativo enviado. Envia-o novamente.',
    proofTooLarge: 'O comprovativo tem mais de 10 MB. Envia um ficheiro mais pequeno.',
    proofWrongType: 'O comprovativo tem de ser uma imagem (JPEG, PNG, WebP ou HEIC) ou um PDF.',
    /** The uploaded file is not the size the browser declared (the upload was tampered with or cut short). */
    proofWrongSize: 'O comprovativo não chegou completo. Envia-o novamente.',
    imageNotFound: 'Não encontrámos a imagem enviada. Envia-a novamente.',
    imageWrongType: 'A imagem tem de ser JPEG, PNG ou WebP, até 20 MB.',
    photoTooLarge: 'A foto tem mais de 20 MB. Envia uma foto mais pequena (por exemplo, exportada como JPEG).',
    photoWrongType: 'Este ficheiro não é uma foto JPEG, PNG ou WebP (mudar o nome ao ficheiro não muda o formato). Envia a foto como JPEG.',
    photoHeic: 'As fotos HEIC do iPhone não são aceites: envia-a como JPEG (no iPhone, em Definições › Câmara › Formatos escolhe «Mais compatível», ou partilha a foto por e-mail/Ficheiros como JPEG).',
    photoUnreadable: 'Não foi possível ler esta foto (ficheiro danificado ou incompleto). Envia-a novamente, como JPEG.',
    photoProcessing: 'A foto ainda está a ser preparada. Aguarda uns segundos e tenta novamente.',
    photoUploadNotFound: 'Não encontrámos este envio de foto. Envia a foto novamente.',
    idempotencyKeyMissing: 'Falta o cabeçalho Idempotency-Key (um identificador único por tentativa de compra).',
    idempotencyKeyReused: 'Este identificador de compra já foi usado para outra encomenda. Recarrega a página e tenta novamente.',
    orderInProgress: 'A tua encomenda já está a ser registada. Aguarda um momento e tenta novamente.',
    orderNotFound: 'Encomenda não encontrada.',
    orderAccessDenied: 'O código de acesso não corresponde a esta encomenda. Abre a ligação do e-mail da encomenda.',
    reservationExpired: 'A reserva desta encomenda expirou e as peças voltaram à loja. Volta ao carrinho para fazer uma nova encomenda.',
    orderAlreadyPaid: 'Esta encomenda já tem o comprovativo de pagamento.',
    orderClosed: 'Esta encomenda foi encerrada.',
    proofAlreadyUsed: 'Este comprovativo já foi usado noutra encomenda. Envia o comprovativo do pagamento desta encomenda.',
    transitionNotAllowed: (from: string, to: string) => `Uma encomenda em «${from}» não pode passar para «${to}».`,
    orderChanged: 'Esta encomenda mudou entretanto. Recarrega a página para ver o estado atual.',
    contactMessageNotFound: 'Mensagem de contacto não encontrada.',
    mailUnavailable: 'O serviço de e-mail não respondeu. O envio ficou registado como falhado; tenta novamente.',
    invalidCursor: 'A página pedida não é válida. Volta ao início da lista.',
    invalidQuery: 'Os filtros da pesquisa não são válidos.',
    /** A save of the settings over a version that is no longer the stored one: nothing saved. */
    settingsChanged:
      'As definições foram alteradas entretanto (noutra janela ou por outra pessoa) e nada foi guardado. Recarrega os valores atuais e volta a fazer as tuas alterações.',
  },

  /** Texts shared by many screens. */
  common: {
    /** English original: 'Loading...'. */
    loading: 'A carregar...',
    /** English original: 'N/A' (a date that is missing). */
    notAvailable: 'N/D',
    /** Router fallback heading. English original: 'Unexpected Application Error!'. */
    unexpectedError: 'Ocorreu um erro inesperado!',
    /** English original: 'Error: {message}'. */
    errorWithMessage: (message: string) => `Erro: ${message}`,
    /** A page's code changed under the visitor (a new version): reloading fixes it. */
    pageUpdated: 'Esta página foi atualizada entretanto. Recarrega a página para continuar.',
  },

  /** Product listing (/shop). */
  catalog: {
    /** Button under the listing while more pieces match than are shown. */
    showMore: (left: number) => `Mostrar mais peças (${left === 1 ? 'falta 1' : `faltam ${left}`})`,
    /** English original: 'No products found matching your criteria.'. */
    noProducts: 'Não encontrámos produtos com estes filtros.',
    loadFailed: 'Não foi possível carregar os produtos. Tenta novamente.',
    soldOut: 'Esgotado',
    /** The product page of an id that does not exist (or no longer does). */
    productGoneDetail: 'Esta peça não existe ou já não está disponível.',
    /** The shop's advertised offer (spec text; rule 26: from 30,00 € inclusive). */
    freeShipping: `Portes grátis a partir de ${FREE_SHIPPING_THRESHOLD_CENTS / 100}€`,
    /** Under a price: prices include VAT, shipping is shown before ordering. */
    vatIncluded: 'Preço com IVA incluído. Os portes são indicados antes de confirmares a encomenda.',
    /** English original: 'N% off'. */
    percentOff: (percent: number) => `-${percent}%`,
  },

  /** Product detail and add-to-cart popups. */
  product: {
    quantityUnavailable: 'Quantidade indisponível em estoque. Tente comprar menos.',
    addedToCart: 'Produto adicionado ao carrinho com sucesso!',
  },

  /** Out-of-stock notification form. */
  stockAlert: {
    emailMissing: STOCK_ALERT_EMAIL_MISSING,
    /** English original: 'You will be notified when the product is back in stock!'. */
    success: 'Vais ser avisado quando o produto voltar a estar disponível!',
    /** Replaces the form once the request is stored. */
    sent: 'Email Enviado. fica atento às novidades!',
    failed: 'Não foi possível registar o teu pedido. Tenta novamente.',
  },

  /** Contact form. */
  contact: {
    success: 'Mensagem enviada com sucesso!',
    failed: 'Erro ao enviar mensagem. Tente novamente.',
  },

  /** Shipping, payment and order placement. */
  checkout: {
    missingFields: 'Por favor, preencha todos os campos obrigatórios.',
    termsNotAccepted: TERMS_NOT_ACCEPTED,
    proofMissing: PROOF_MISSING,
    /** Submit button while the proof uploads. English original: 'Uploading...'. */
    proofUploading: 'A enviar...',
    proofUploadFailed: 'Não foi possível enviar o comprovativo. Tenta novamente.',
    mbwayUnavailable: 'MBWay não está disponível este mês. Escolha outro método de pagamento.',
    /** An order over the shop's caps (settings; DESIGN rule 18): nothing is reserved. */
    lineQuantityCap: (max: number) => `Cada encomenda pode ter no máximo ${max} ${max === 1 ? 'unidade' : 'unidades'} de cada peça. Reduz a quantidade no carrinho.`,
    linesCap: (max: number) => `Cada encomenda pode ter no máximo ${max} ${max === 1 ? 'peça diferente' : 'peças diferentes'}. Retira algumas do carrinho.`,
    /** Beside a payment method that cannot be chosen (the refusal itself is said once, in the alert). */
    methodUnavailable: 'Indisponível este mês',
    /** Beside a payment method the shop does not take at the moment (no instructions in its settings). */
    methodOff: 'Indisponível de momento',
    /** An order with a method the shop does not take at the moment: nothing reserved. */
    paymentMethodUnavailable: 'Esta forma de pagamento não está disponível de momento. Escolhe outra.',
    /** Payment page of a reservation whose time to pay is over: nothing can be sent. */
    reservationOver: 'O tempo para pagar esta reserva terminou e as peças voltaram à loja. Não pagues: volta ao carrinho para fazer uma nova encomenda.',
    /** Cart and shipping step while the cart does not ship free (rule 26: from the amount, inclusive). */
    freeShippingFrom: (amount: string) => `Portes grátis em encomendas a partir de ${amount} (antes de descontos).`,
    /** Cart once the subtotal ships free. */
    freeShippingReached: 'Tens portes grátis nesta encomenda.',
    emptyCart: 'O teu carrinho está vazio.',
    /** Under 'Finalizar Compra' while a cart line asks for more than is left or is gone. */
    fixCartLines: 'Corrige as peças assinaladas para continuar.',
    /** The proof is in the bucket, waiting for the order. */
    proofUploaded: (fileName: string) => `Comprovativo enviado: ${fileName}`,
    /** Thank-you page: what happens next. */
    shippingAfterPayment: 'O envio é feito depois de confirmarmos o teu pagamento.',
    /** /thank-you opened without an order placed in this tab. */
    noRecentOrder: 'Não encontrámos nenhuma encomenda recente neste separador. Se já fizeste a tua encomenda, vais receber um e-mail com os detalhes.',
    /** A cart line asks for more than is left when the order is placed. */
    outOfStock: (name: string, left: number) =>
      left <= 0
        ? `O produto «${name}» esgotou entretanto. Retira-o do carrinho para continuar.`
        : `Só ${left === 1 ? 'resta 1 unidade' : `restam ${left} unidades`} do produto «${name}». Reduz a quantidade para continuar.`,
    /** A cart line names a product that no longer exists. */
    productGone: 'Um dos produtos do carrinho já não está disponível. Retira-o para continuar.',
    orderFailed: 'Não foi possível registar a encomenda. Tenta novamente.',
    /** Thank-you page. */
    orderPlaced: (orderNumber: number | string) => `Obrigado! A tua encomenda nº ${orderNumber} foi registada.`,
    /** Payment page, once the order is reserved: the number to write in the payment's description. */
    paymentReference: (orderNumber: number | string) => `Referência do pagamento: ${orderNumber}`,
    /** Payment page: how long the pieces stay reserved. */
    reservedUntil: (time: string) => `As peças ficam reservadas para ti até às ${time}. Paga e envia o comprovativo até lá.`,
    /** Under the shipping page's button: what continuing does. */
    reservationHint: (hours: number) => `Ao continuar, reservamos as peças e o valor para ti durante ${hours === 1 ? '1 hora' : `${hours} horas`}, enquanto pagas.`,
    /** Shipping page button while the reservation is made. */
    reserving: 'A reservar as peças...',
    /** The reservation of this tab no longer matches the cart (the customer changed it): a new one is made. */
    reservationOutdated: 'O carrinho mudou desde a reserva. Confirma os dados para reservar de novo.',
  },

  /** "A minha encomenda": the customer's view of an order. */
  myOrder: {
    title: (orderNumber: number | string) => `A minha encomenda nº ${orderNumber}`,
    status: {
      'Aguarda Pagamento': 'À espera do teu pagamento e do comprovativo.',
      'Confirmar Pagamento': 'Recebemos o teu comprovativo. Vamos confirmar o pagamento.',
      Enviar: 'Pagamento confirmado. Estamos a preparar o envio com todo o cuidado.',
      Enviado: 'A tua encomenda foi enviada.',
      Concluido: 'Encomenda concluída. Obrigado!',
      Encerrada: 'Esta encomenda foi encerrada.',
    },
    history: 'Histórico',
    reserved: 'Encomenda reservada',
    payNow: 'Pagar e enviar o comprovativo',
    sendProof: 'Enviar comprovativo',
    proofSent: 'Comprovativo recebido. Obrigado!',
    loadFailed: 'Não foi possível abrir a encomenda. Tenta novamente.',
    follow: 'Acompanhar a encomenda',
    tracking: (code: string) => `Código de envio CTT: ${code}.`,
    followParcel: 'Seguir o envio nos CTT (abre noutra janela)',
    /** The lookup by number and e-mail ("/encomenda"). */
    lookupTitle: 'A minha encomenda',
    lookupIntro: 'Indica o número da encomenda e o e-mail com que a fizeste. Enviamos-te para esse e-mail a ligação para a acompanhares.',
    lookupNumber: 'Número da encomenda',
    lookupEmail: 'E-mail da encomenda',
    lookupSubmit: 'Enviar a ligação',
    lookupSending: 'A enviar...',
    /** Always the same answer, whether or not the order exists: a number reveals nothing. */
    lookupSent:
      'Se o número e o e-mail corresponderem a uma encomenda, vais receber dentro de minutos um e-mail com a ligação. Não chegou? Vê a pasta de spam, ou confirma o número no e-mail da encomenda.',
    lookupFailed: 'Não foi possível enviar o pedido. Tenta novamente.',
    lookupLink: 'Já fizeste uma encomenda? Acompanha-a aqui',
  },

  /** Payment instructions as one line of text (e-mails). */
  payment: {
    instructionsText: (instructions: PaymentInstructions): string => {
      switch (instructions.method) {
        case 'mbway':
          return `Paga por MB WAY para o número ${instructions.phone}.`;
        case 'transferencia':
          return `Faz uma transferência para o IBAN ${instructions.iban} (titular: ${instructions.holder}).`;
        case 'paypal':
          return `Paga por PayPal para ${instructions.handle}.`;
        case 'revolut':
          return `Paga por Revolut para ${instructions.handle}.`;
      }
    },
  },

  /** Back-office. */
  admin: {
    settingsSaved: 'Definições guardadas. A loja usa os novos valores dentro de segundos.',
    settingsUnchanged: 'Não alteraste nada: não havia nada a guardar.',
    settingsSaveFailed: 'Não foi possível guardar as definições. Tenta novamente.',
    productCodeTaken: 'Já existe um produto com este código.',
    collectionUnknown: 'Escolhe uma coleção que exista.',
    /** English original: 'Loading, please wait...'. */
    authLoading: 'A carregar, aguarde...',
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
    resetCodeSent: (email: string) => `Se ${email} tiver conta no back-office, enviámos para lá um código. Escreve-o abaixo com a nova palavra-passe.`,
    resetCodeInvalid: 'O código não está certo. Confirma-o no e-mail ou pede um novo.',
    resetCodeExpired: 'O código expirou. Pede um novo.',
    resetDone: 'Palavra-passe alterada. Já podes entrar com ela.',
    unsupportedSignInStep: 'Este passo de início de sessão não é suportado aqui. Fala com quem gere as contas da loja.',
    /** First sign-in of an account created by an operator (NEW_PASSWORD_REQUIRED). */
    newPasswordRequired: 'É o teu primeiro acesso: escolhe uma nova palavra-passe para continuar.',
    newPasswordMismatch: 'As duas palavras-passe não coincidem.',
    newPasswordInvalid: `A palavra-passe não cumpre as regras: ${passwordRuleText(ADMIN_PASSWORD_POLICY)}.`,
    /** The TOTP step (authenticator app): what was typed is not six digits. */
    totpCodeFormat: 'O código tem 6 algarismos: escreve só os números que a aplicação mostra.',
    /** A later sign-in's TOTP code was refused (CodeMismatchException, or a code already used). */
    totpCodeInvalid: 'O código não está certo ou já foi usado. Escreve o código que a aplicação de autenticação mostra agora (muda a cada 30 segundos).',
    /** The first code of the TOTP setup was refused (EnableSoftwareTokenMFAException). */
    totpSetupCodeInvalid: 'O código não está certo. Confirma que acrescentaste a conta à aplicação de autenticação com a chave desta página e escreve o código que ela mostra agora (muda a cada 30 segundos).',
    /** The sign-in took too long between its steps (NotAuthorizedException "Invalid session"): it starts again. */
    totpSessionExpired: 'O tempo para concluir a entrada acabou. Entra de novo com o e-mail e a palavra-passe.',
    /** The same, during the TOTP setup: the next attempt gets a new key, so the one already added is useless. */
    totpSetupSessionExpired: 'O tempo para concluir a entrada acabou. Entra de novo com o e-mail e a palavra-passe: vais receber uma chave nova. Se já tinhas acrescentado a conta à aplicação de autenticação, apaga-a lá, porque essa chave deixa de servir.',
    welcome: (email: string) => `Bem-vindo(a) ao back-office${email ? `, ${email}` : ''}!`,
    /** A stock adjustment that took the stock from 0 to above 0: the requests are e-mailed through the outbox. */
    backInStockQueued: 'Os pedidos de aviso de reposição desta peça vão ser avisados por e-mail dentro de momentos.',
    /** An e-mail of an order was queued (the outbox sends it; the history shows when it went out). */
    emailQueued: 'E-mail em envio: aparece no histórico quando for entregue ao serviço de e-mail.',
    /** The same click (idempotency key) arrived twice: one e-mail only. */
    emailAlreadyQueued: 'Este envio já tinha sido pedido: só vai um e-mail.',
    /** Resending the cancellation e-mail of an order that is not closed. */
    emailNotForStatus: 'Este e-mail não corresponde ao estado da encomenda.',
    noOrders: 'Não há encomendas com estes filtros.',
    noProducts: 'Não há produtos com estes filtros.',
    noCollections: 'Ainda não há coleções.',
    noContactMessages: 'Ainda não há mensagens de contacto.',
    noStockAlerts: 'Ainda não há pedidos de aviso de reposição.',
    /** Note of the movement that records a new product's initial stock. */
    initialStockNote: 'Stock inicial',
    /** "Ajustar stock" panel of the product page. */
    stockAdjusted: (stock: number) => `Stock atualizado: agora é ${stock}.`,
    stockAdjustFailed: 'Não foi possível alterar o stock. Tenta novamente.',
    noStockMovements: 'Ainda não há movimentos de stock deste produto.',
    stockMovementsFailed: 'Não foi possível carregar o histórico de stock.',
    /** The product form after a 409 product_changed, once the current values are loaded. */
    productReloaded: 'Carregámos os valores atuais do produto. Volta a fazer as tuas alterações e guarda.',
    noEmailsSent: 'Ainda não foi enviado nenhum e-mail desta encomenda.',
  },

  /** Anonymising a customer on their request (GDPR erasure, `POST /api/admin/customers/{email}/anonymise`). */
  gdpr: {
    /** On each anonymised order's timeline, by the admin. */
    orderEntry: 'Dados pessoais anonimizados a pedido do cliente (RGPD).',
    proofEntry: 'Comprovativo de pagamento apagado: dados pessoais anonimizados a pedido do cliente (RGPD).',
    /** The refusal (409): nothing was changed. */
    openOrders: (numbers: readonly number[]) => {
      const list = numbers.length === 1 ? `a encomenda nº ${numbers[0]}` : `as encomendas nº ${numbers.slice(0, -1).join(', ')} e ${numbers.at(-1)}`;
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
  },

  /** Typed euro amounts (`parseEuroInput`). */
  money: {
    required: 'Indica um valor.',
    invalid: 'Indica um valor válido, por exemplo 12,50.',
    negative: 'O valor não pode ser negativo.',
    tooManyDecimals: 'Usa no máximo duas casas decimais.',
    tooLarge: 'O valor é demasiado grande.',
  },

  /** Field messages reported by the schemas, one per field and rule. */
  validation: {
    pageQuery: {
      limit: 'O tamanho da página tem de ser um número entre 1 e 100.',
      cursor: 'A página pedida não é válida. Volta ao início da lista.',
      status: 'Escolhe um dos estados da encomenda.',
      orderNumber: 'Pesquisa por números (até 6 algarismos).',
      search: 'Escreve pelo menos 2 letras ou 3 algarismos (nome, e-mail, telefone ou número da encomenda), até 60 caracteres.',
    },
    /** The body is not an object at all. */
    form: { invalid: 'Os dados enviados não são válidos.' },
    email: {
      required: 'Indica o teu e-mail.',
      invalid: EMAIL_INVALID,
      tooLong: 'O e-mail não pode ter mais de 254 caracteres.',
    },
    firstName: {
      required: 'Indica o teu nome.',
      tooLong: 'O nome não pode ter mais de 60 caracteres.',
    },
    lastName: {
      required: 'Indica o teu apelido.',
      tooLong: 'O apelido não pode ter mais de 60 caracteres.',
    },
    country: { invalid: 'De momento só enviamos para Portugal.' },
    address: {
      required: 'Indica a tua morada.',
      tooLong: 'A morada não pode ter mais de 200 caracteres.',
    },
    city: {
      required: 'Indica a tua localidade.',
      tooLong: 'A localidade não pode ter mais de 80 caracteres.',
    },
    postalCode: {
      required: 'Indica o código postal.',
      invalid: 'O código postal deve ter o formato 1234-567.',
    },
    phone: {
      required: 'Indica o teu telefone.',
      invalid: 'Indica um telefone válido, por exemplo 912 345 678 ou +351 912 345 678.',
    },
    shippingMethod: { invalid: 'Escolhe um método de envio.' },
    paymentMethod: { invalid: 'Escolhe um método de pagamento.' },
    acceptTerms: { required: TERMS_NOT_ACCEPTED },
    contactName: {
      required: 'Indica o teu nome.',
      tooLong: 'O nome não pode ter mais de 100 caracteres.',
    },
    subject: {
      required: 'Indica o assunto.',
      tooLong: 'O assunto não pode ter mais de 150 caracteres.',
    },
    message: {
      required: 'Escreve a tua mensagem.',
      tooLong: 'A mensagem não pode ter mais de 5000 caracteres.',
    },
    stockAlertEmail: { required: STOCK_ALERT_EMAIL_MISSING, invalid: EMAIL_INVALID },
    productId: { invalid: 'Produto inválido.' },
    items: {
      required: 'O teu carrinho está vazio.',
      tooMany: 'Uma encomenda pode ter até 20 produtos diferentes.',
      duplicate: 'O mesmo produto aparece mais do que uma vez no carrinho.',
    },
    quantity: { invalid: 'A quantidade deve ser um número inteiro entre 1 e 10.' },
    proofKey: { invalid: PROOF_MISSING },
    accessToken: { invalid: 'O código de acesso à encomenda não é válido. Abre a ligação do e-mail da encomenda.' },
    productStatus: { invalid: 'Escolhe o estado da peça: Ativo, Rascunho ou Arquivado.' },
    export: {
      date: 'Indica as datas no formato AAAA-MM-DD.',
      kind: 'Escolhe o que exportar: encomendas ou linhas.',
      order: 'A data final não pode ser antes da inicial.',
      tooLong: (days: number) => `Exporta no máximo ${days} dias de cada vez.`,
    },
    orderLookupNumber: { invalid: 'Indica o número da encomenda: 6 algarismos, como aparece no e-mail (ex.: 123456).' },
    note: { required: 'Escreve a nota.', tooLong: 'A nota não pode ter mais de 1000 caracteres.' },
    restock: { required: 'Diz se as peças voltaram à loja (repor o stock ou não).' },
    proofContentType: {
      invalid: 'O comprovativo tem de ser uma imagem (JPEG, PNG, WebP ou HEIC) ou um PDF.',
    },
    proofSize: { invalid: 'O comprovativo tem de ter entre 1 byte e 10 MB.' },
    imageContentType: { invalid: 'A foto tem de ser JPEG, PNG ou WebP. As fotos HEIC do iPhone não são aceites: envia-a como JPEG (no iPhone, em Definições › Câmara › Formatos escolhe «Mais compatível», ou partilha a foto por e-mail/Ficheiros como JPEG).' },
    imageSize: { invalid: 'A foto tem de ter entre 1 byte e 20 MB.' },
    photos: { tooMany: 'Uma peça tem no máximo 8 fotos.', invalid: 'Esta foto não existe. Envia-a novamente.', duplicate: 'A mesma foto aparece duas vezes.' },
    photoAlt: { tooLong: 'A descrição da foto não pode ter mais de 200 caracteres.' },
    productName: {
      required: 'Indica o nome da peça.',
      tooLong: 'O nome da peça não pode ter mais de 120 caracteres.',
    },
    productCode: {
      required: 'Indica o código da peça.',
      tooLong: 'O código da peça não pode ter mais de 40 caracteres.',
    },
    sku: { invalid: 'O SKU deve ser um texto com até 60 caracteres.' },
    description: { invalid: 'A descrição deve ser um texto com até 5000 caracteres.' },
    productType: { invalid: 'Escolhe o tipo: colar, anel, brinco ou pulseira.' },
    productCollection: { invalid: 'A coleção deve ser um texto com até 60 caracteres.' },
    priceCents: { invalid: 'O preço deve estar entre 0,01 € e 10 000 €.' },
    discountPercent: { invalid: 'O desconto deve ser um número inteiro entre 0 e 90 %.' },
    stock: { invalid: 'O stock deve ser um número inteiro entre 0 e 9999.' },
    /** The product edit form: the version it loaded. */
    version: { invalid: 'Falta a versão do produto que abriste. Recarrega a página e tenta novamente.' },
    /** The product edit form no longer carries stock. */
    stockNotEditable: { invalid: 'O stock não se altera neste formulário: usa «Ajustar stock».' },
    stockDelta: { invalid: 'A quantidade a somar ou retirar deve ser um número inteiro diferente de 0, entre -9999 e 9999.' },
    stockExpected: { invalid: 'Falta o stock que estás a ver (um número inteiro entre 0 e 9999).' },
    stockUnchanged: { invalid: 'O novo valor é igual ao stock atual: não há nada a alterar.' },
    stockReason: { invalid: 'Escolhe o motivo: ajuste ou devolução.' },
    stockNote: { invalid: 'A nota deve ser um texto com até 200 caracteres.' },
    stockChange: {
      missing: 'Indica quanto somar ou retirar, ou o novo valor do stock.',
      both: 'Indica só uma coisa: quanto somar ou retirar, ou o novo valor do stock.',
      expectedWithDelta: 'O stock visto só se indica com «Definir para».',
    },
    image: { invalid: 'A imagem deve ser um endereço deste site começado por /images/.' },
    settings: {
      version: 'Falta a versão das definições que abriste. Recarrega a página e tenta novamente.',
      mbwayPhone: 'Indica um número de telemóvel válido, por exemplo 912 345 678 (ou deixa vazio para não aceitar MB WAY nesse número).',
      iban: 'Este IBAN não é válido (confirma os algarismos: o IBAN tem um controlo que deteta enganos). Exemplo: PT50 0002 0123 1234 5678 9015 4.',
      ibanHolder: 'Indica o titular da conta (até 100 caracteres).',
      handle: 'Escreve até 100 caracteres, sem < nem >.',
      mbwayLimit: 'Indica um número inteiro de encomendas entre 0 e 1000.',
      ownerEmail: 'Indica um e-mail válido (ou deixa vazio para usar o endereço da loja).',
      reservationHours: 'Indica um número inteiro de horas entre 1 e 72.',
      lowStockThreshold: 'Indica um número inteiro de unidades entre 0 e 100.',
      retentionDays: 'Indica um número inteiro de dias entre 30 e 3650 (dez anos).',
      lineQuantity: `Indica um número inteiro de unidades entre 1 e ${MAX_LINE_QUANTITY}.`,
      lines: `Indica um número inteiro de peças entre 1 e ${MAX_CART_LINES}.`,
      noPaymentMethod: 'Indica pelo menos uma forma de pagamento: sem nenhuma, ninguém consegue comprar.',
      nif: 'Este NIF não é válido: tem 9 algarismos e o último é um controlo que deteta enganos (confirma-o na certidão ou no cartão da empresa).',
      sellerLine: 'Escreve até 200 caracteres, numa linha, sem < nem >.',
      sellerPhone: 'Indica um número de telefone válido, por exemplo 220 000 000 ou +351 912 345 678 (ou deixa vazio por agora).',
    },
    collectionName: {
      required: 'Indica o nome da coleção.',
      tooLong: 'O nome da coleção não pode ter mais de 60 caracteres.',
    },
    orderStatus: { invalid: 'Escolhe um estado válido.' },
    emailKind: { invalid: 'Escolhe um tipo de e-mail válido.' },
    /** The admin UI sends a fresh key per click; a repeated key sends nothing again. */
    emailRequestKey: 'Falta o identificador deste envio. Recarrega a página e tenta novamente.',
    trackingCode: {
      required: 'Indica o código de envio.',
      tooLong: 'O código de envio não pode ter mais de 64 caracteres.',
    },
  },
} as const;
