import { HALVES, type Half } from '../../tests/fixtures/price-lists/apart/split.js';
import { photographApart } from '../../tests/fixtures/price-lists/apart/photos.js';
import { SHOT_STRENGTH } from '../../tests/fixtures/price-lists/apart/phone-camera.js';
import { STRENGTH, type Distortions } from '../../tests/fixtures/price-lists/generator/camera.js';
import { generatePhotos, TUNING_SEEDS_BELOW, type Band } from '../../tests/fixtures/price-lists/generator/photos.js';
import type { BenchPhoto, PhotoBenchOptions } from './photo-bench.js';

/**
 * The two sets of photographed lists the bench reads: the first generator's (tuning seeds below
 * TUNING_SEEDS_BELOW) and the layouts made apart from it (tuning half, reported half).
 */
interface Draw {
  seed: number;
  count: number;
  first: number;
  band?: Band;
}

const UNITS: Record<keyof Distortions, (value: number) => string> = {
  rotation: (value) => `|rotation| ≥ ${value.toFixed(1)}°`,
  keystone: (value) => `keystone ≥ ${(value * 100).toFixed(1)}%`,
  light: (value) => `uneven light ≥ ${value.toFixed(2)}`,
  shadow: (value) => `shadow bands ≥ ${value.toFixed(2)}`,
  blur: (value) => `blur σ ≥ ${value.toFixed(2)} px`,
  noise: (value) => `noise σ ≥ ${value.toFixed(1)}`,
  quality: (value) => `JPEG quality ≤ ${value.toFixed(0)}`,
  margin: (value) => `margins ≥ ${(value * 100).toFixed(0)}%`,
};
/** The value at two thirds of each distortion's range, for the labels. */
const TOP_THIRD: Record<keyof Distortions, number> = {
  rotation: 16 / 3,
  keystone: 0.2 / 3,
  light: 2 / 3,
  shadow: 2 / 3,
  blur: 1.1,
  noise: 8,
  quality: 55,
  margin: 0.02 + 0.32 / 3,
};
const names = Object.keys(STRENGTH) as (keyof Distortions)[];

const range = ({ first, count, band }: Draw) => `photos ${first}–${first + count - 1}${band ? ` (band ${band} only)` : ''}`;

export function generatedSet(draw: Draw): Pick<PhotoBenchOptions, 'title' | 'photos'> {
  const fresh = draw.seed >= TUNING_SEEDS_BELOW ? 'a reporting seed' : `a TUNING seed (tuning seeds are below ${TUNING_SEEDS_BELOW})`;
  async function* photos(): AsyncGenerator<BenchPhoto> {
    for await (const photo of generatePhotos(draw)) {
      yield { ...photo, strengths: Object.fromEntries(names.map((name) => [UNITS[name](TOP_THIRD[name]), STRENGTH[name](photo.distortions[name])])) };
    }
  }
  return { title: `[generated] seed ${draw.seed} (${fresh}), ${range(draw)}`, photos: photos() };
}

export function apartSet(half: Half, draw: Draw & { layout?: string }): Pick<PhotoBenchOptions, 'title' | 'photos'> {
  const which = half === 'reported' ? 'REPORTED half: never tuned on' : 'TUNING half: not for reporting';
  async function* photos(): AsyncGenerator<BenchPhoto> {
    for await (const photo of photographApart({ half, ...draw })) {
      yield { ...photo, strengths: Object.fromEntries(Object.entries(SHOT_STRENGTH).map(([label, strength]) => [label, strength(photo.shot)])) };
    }
  }
  const layouts = HALVES[half].map((layout) => layout.name).join(', ');
  return {
    title: `[layouts apart, ${which}] seed ${draw.seed}, ${range(draw)}${draw.layout ? `, layout ${draw.layout} only` : ''}; layouts ${layouts}`,
    photos: photos(),
  };
}
