/**
 * Texts of the proof of work of the public writes. Part of the shop's texts: import them from
 * `shared/messages/index.ts`.
 */
/**
 * The proof of work of the public forms (docs/design.md §28): what a form says while a submit waits for
 * it, and the API's refusals (400 `challenge_required`, `challenge_invalid`, `challenge_used`). A module of
 * its own so that only the pages with a form (and the functions that refuse) carry them.
 */
export const botCheckTexts = {
  waiting: 'A verificar que não és um robô…',
  /** A public write without the solved proof of work (header `x-altcha`). */
  challengeRequired: 'Não foi possível verificar que não és um robô. Recarrega a página e tenta de novo.',
  /** A proof of work that is wrong, forged or expired. */
  challengeInvalid: 'A verificação de que não és um robô falhou ou expirou. Recarrega a página e tenta de novo.',
  /** A proof of work sent a second time (each one serves one request). */
  challengeUsed: 'Esta verificação de que não és um robô já foi usada. Recarrega a página e tenta de novo.',
  /** `GET /api/challenge?units=` that is not a number of pieces a cart can hold. */
  challengeUnits: 'Indica quantas peças vais encomendar (de 1 a 200).',
} as const;
