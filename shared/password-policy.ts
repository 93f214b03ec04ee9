/**
 * The back-office's password rule, declared once: the Cognito user pool's password policy
 * (`infra/cloud/auth.ts`), the sign-in form's first-password fields and the message that explains a refused
 * password all read it, so what the owner is told is what the pool enforces.
 */
export const ADMIN_PASSWORD_POLICY = {
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

export type PasswordPolicy = {
  readonly minLength: number;
  readonly requireLowercase: boolean;
  readonly requireUppercase: boolean;
  readonly requireDigits: boolean;
  readonly requireSymbols: boolean;
};

/**
 * The rule in Portuguese, as one sentence fragment.
 *
 * @example
 * passwordRuleText(ADMIN_PASSWORD_POLICY); // 'pelo menos 12 caracteres, com maiúsculas, minúsculas, algarismos e símbolos'
 */
export function passwordRuleText(policy: PasswordPolicy): string {
  const kinds = [
    policy.requireUppercase && 'maiúsculas',
    policy.requireLowercase && 'minúsculas',
    policy.requireDigits && 'algarismos',
    policy.requireSymbols && 'símbolos',
  ].filter((kind): kind is string => Boolean(kind));
  const listed = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} e ${kinds.at(-1)}` : (kinds[0] ?? '');
  return `pelo menos ${policy.minLength} caracteres${listed ? `, com ${listed}` : ''}`;
}
