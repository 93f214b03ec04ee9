/**
 * CSV as Portuguese Excel opens it: UTF-8 with a byte-order mark (so accents survive), `;` between cells
 * (`,` is the decimal mark), CRLF between rows, money as `12,34`. A cell that a spreadsheet would read as
 * a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is written as text, with a
 * leading `'`, so a customer's name like `=HYPERLINK(...)` can never run in the accountant's sheet.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

/**
 * One cell, safe and quoted when needed.
 *
 * @example csvCell('=1+1') // "'=1+1"
 * @example csvCell('Rua "A"; 1') // '"Rua ""A""; 1"'
 */
export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : csvFormulaSafe(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Text a spreadsheet will never read as a formula: one that starts like one gets a leading `'`.
 *
 * @example csvFormulaSafe('=1+1') // "'=1+1"
 */
export function csvFormulaSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Cents as a spreadsheet number with a decimal comma: 1234 → '12,34' (no thousands mark, no euro sign). */
export function csvMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The whole file: the BOM on the header's line (the header is the sheet's row 1: what the file holds
 * is in its name), then the rows, separated by CRLF, ending with CRLF.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => cells.map(csvCell).join(';');
  return `\uFEFF${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}
