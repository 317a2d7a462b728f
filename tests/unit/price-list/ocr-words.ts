import type { OcrWord } from '../../../functions/core/price-list/ocr-rows.js';

/**
 * Synthetic OCR words on one row: letters 10 px wide, one space between words, "|" a wide gap;
 * a word written "Word:NN" is read with confidence NN, a word in `doubtful` with 40, any other
 * with 92.
 */
export function row(y: number, text: string, doubtful: readonly string[] = []): OcrWord[] {
  const words: OcrWord[] = [];
  let at = 20;
  for (const part of text.split(' ')) {
    if (part === '|') {
      at += 60;
      continue;
    }
    const [, word = part, read] = /^(.+):(\d+)$/.exec(part) ?? [];
    const confidence = read ? Number(read) : doubtful.includes(part) ? 40 : 92;
    words.push({
      text: word,
      confidence,
      bbox: { x0: at, y0: y, x1: at + word.length * 10, y1: y + 20 },
      symbols: [...word].map((char) => ({ text: char, confidence })),
      line: y,
    });
    at += word.length * 10 + 8;
  }
  return words;
}
