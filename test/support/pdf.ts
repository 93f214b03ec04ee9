import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, as one line with single spaces (pdfkit writes it hex-encoded in deflated content
 * streams, line by line, in pieces with kerning between; a long sentence wraps).
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf);
  let text = '';
  for (const match of raw.toString('latin1').matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start, 'latin1');
    let content: string;
    try {
      content = inflateSync(raw.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const line of content.matchAll(/\[(.*?)\] TJ/g))
      text += [...line[1]!.matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join('') + '\n';
  }
  return text.replace(/\s+/g, ' ');
}
