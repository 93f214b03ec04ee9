/** Errors of the AWS SDK, told to the operator in Portuguese with what to do about them. */
import { OperatorError } from '../create-admin.ts';
import type { Place } from './options.ts';

const ACTIONS =
  'dynamodb:ListTables, DescribeTable, DescribeContinuousBackups e RestoreTableToPointInTime na tabela da loja; ' +
  'Scan, Query, GetItem, BatchGetItem e PutItem nas duas tabelas; e, na tabela nova, o que o restauro escreve ' +
  '(PutItem, UpdateItem, DeleteItem, GetItem, Query, Scan, BatchWriteItem) e DeleteTable para a apagar';

/** An operator-readable sentence, in Portuguese, for an error of the AWS SDK. */
export function explainRestoreError(error: unknown, where: { readonly region: string; readonly table?: string }): string {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? String(error);
  const table = where.table ?? 'a tabela';
  if (name === 'CredentialsProviderError' || /could not load credentials/i.test(message)) {
    return (
      'Não encontrei credenciais da AWS. Entre primeiro na conta onde a loja está instalada, por exemplo ' +
      '`aws sso login --profile <nome>` e AWS_PROFILE=<nome>, ou `aws configure`, ou AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY no ambiente.'
    );
  }
  if (/^(ExpiredToken(Exception)?|InvalidClientTokenId|UnrecognizedClientException|InvalidSignatureException)$/.test(name)) {
    return `A AWS recusou as credenciais (${name}): expiraram ou estão erradas. Entre outra vez e repita.`;
  }
  if (/^AccessDenied(Exception)?$/.test(name)) return `A sua identidade AWS não tem licença para isto. Precisa de ${ACTIONS}. (${message})`;
  if (name === 'PointInTimeRecoveryUnavailableException') {
    return `A recuperação para um momento anterior (PITR) não está ligada em ${table}: não há cópias para restaurar. (${message})`;
  }
  if (name === 'InvalidRestoreTimeException')
    return `A AWS recusou o momento pedido: tem de estar dentro da janela de restauro de ${table}. (${message})`;
  if (name === 'TableAlreadyExistsException' || name === 'TableInUseException' || name === 'ResourceInUseException') {
    return (
      `Já existe, ou está a ser criada ou apagada, uma tabela com esse ` +
      `nome. Espere uns minutos e use --from-restored <nome>. (${message})`
    );
  }
  if (name === 'TableNotFoundException' || name === 'ResourceNotFoundException') {
    return `A tabela ${table} não existe em ${where.region}: a loja foi instalada com outra --stage ou --region? (${message})`;
  }
  if (name === 'LimitExceededException')
    return `A AWS limita as operações de tabelas feitas ao mesmo tempo: espere uns minutos e repita. (${message})`;
  if (name === 'ThrottlingException' || name === 'ProvisionedThroughputExceededException' || name === 'RequestLimitExceeded') {
    return `A AWS está a limitar pedidos: repita daqui a pouco. (${message})`;
  }
  if (name === 'UnknownOperationException') {
    return 'Este serviço não conhece a operação pedida: o DynamoDB Local (o gémeo local) não tem restauros; o restauro só existe na AWS.';
  }
  return `${name || 'Erro'}: ${message}`;
}

/** Runs AWS calls, turning what they throw (but an {@link OperatorError}) into an {@link OperatorError} explained. */
export async function aws<T>(call: () => Promise<T>, where: Place & { readonly table?: string }): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(explainRestoreError(error, where), { cause: error });
  }
}
