import { priceListMessages } from '../../../contracts/price-list.js';
import { refuse } from '../errors.js';
import type { TextLimits } from '../text-limits.js';

/**
 * PDF → text with pdfjs, loaded only when a PDF is read (it is large, and most Lambda cold
 * starts never need it). A PDF has no lines, only positioned text, so lines and columns are
 * rebuilt from where each piece of text stands.
 */

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
}

export async function readPdf(buffer: Buffer, shown: string, limits: TextLimits): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(buffer),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    if (document.numPages > limits.maxPdfPages) throw refuse.tooLarge(priceListMessages.tooManyPages(shown));
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= document.numPages && length <= limits.maxTextChars; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = pdfLines(content.items.filter((item) => 'str' in item) as unknown as PdfTextItem[]);
      pages.push(text);
      length += text.length;
      page.cleanup();
    }
    return pages.join('\n\n');
  } finally {
    await task.destroy();
  }
}

/** Text items → lines: items on one baseline, left to right, far gaps kept as a tab. */
export function pdfLines(items: PdfTextItem[]): string {
  const placed = items
    .filter((item) => item.str.trim())
    .map((item) => {
      const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
      const size = Math.max(Math.hypot(c, d), Math.hypot(a, b), 1);
      return { str: item.str, x, y, end: x + item.width, size };
    })
    .sort((left, right) => right.y - left.y || left.x - right.x);
  const lines: (typeof placed)[] = [];
  for (const item of placed) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.y - item.y) <= Math.min(line[0]!.size, item.size) * 0.5) line.push(item);
    else lines.push([item]);
  }
  return lines
    .map((line) => {
      line.sort((left, right) => left.x - right.x);
      let text = '';
      let end = -Infinity;
      for (const item of line) {
        const gap = item.x - end;
        if (text) {
          if (gap > item.size * 1.2) text += '\t';
          else if (gap > item.size * 0.12 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
        }
        text += item.str;
        end = Math.max(end, item.end);
      }
      return text.trim();
    })
    .join('\n');
}
