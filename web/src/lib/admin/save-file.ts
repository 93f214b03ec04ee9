/**
 * The back-office's CSV downloads (the accountant's export, the sales view's file): the text the
 * signed-in API call answered, saved by the browser under the name the server gives.
 */

/**
 * Saves `text` as a file named `filename` (a link the page clicks, then forgets). The browser's text
 * decoding drops the server's byte-order mark; it is put back, or Excel would read the accents wrong.
 */
export function saveCsvFile(text: string, filename: string): void {
  const withBom = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const url = URL.createObjectURL(new Blob([withBom], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
