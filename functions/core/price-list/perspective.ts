/**
 * Plane geometry for photographed pages: the homography that takes four points to four others
 * (a page's corners in a photo to a flat rectangle), and a greyscale warp by it. Pure functions
 * over raw pixel arrays, so the pipeline (prepare-image.ts) and the tests' photo generator share
 * one implementation of the mathematics.
 */
export interface Point {
  x: number;
  y: number;
}

/** Row-major 3×3, the last entry 1. */
export type Homography = readonly number[];

/** The homography taking `from[i]` to `to[i]` (four points each, no three on a line). */
export function homography(from: readonly Point[], to: readonly Point[]): Homography {
  const rows: number[][] = [];
  for (let index = 0; index < 4; index += 1) {
    const { x, y } = from[index]!;
    const { x: u, y: v } = to[index]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let column = 0; column < 8; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < 8; row += 1) if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    const lead = rows[column]![column]!;
    if (Math.abs(lead) < 1e-12) throw new Error('degenerate quadrilateral');
    for (let row = 0; row < 8; row += 1) {
      if (row === column) continue;
      const factor = rows[row]![column]! / lead;
      if (factor === 0) continue;
      for (let k = column; k < 9; k += 1) rows[row]![k]! -= factor * rows[column]![k]!;
    }
  }
  return [...rows.map((row, index) => row[8]! / row[index]!), 1];
}

export function project(h: Homography, x: number, y: number): Point {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return { x: (h[0]! * x + h[1]! * y + h[2]!) / w, y: (h[3]! * x + h[4]! * y + h[5]!) / w };
}

/**
 * The quadrilateral `corners` of a greyscale picture (top-left, top-right, bottom-right,
 * bottom-left) drawn flat onto a `width` × `height` rectangle, sampled bilinearly; what falls
 * outside the picture takes `outside`.
 */
export function warpGrey(
  data: Uint8Array,
  sourceWidth: number,
  sourceHeight: number,
  corners: readonly Point[],
  width: number,
  height: number,
  outside = 255,
): Uint8Array {
  const rectangle = [
    { x: 0, y: 0 },
    { x: width - 1, y: 0 },
    { x: width - 1, y: height - 1 },
    { x: 0, y: height - 1 },
  ];
  const back = homography(rectangle, corners);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const w = back[6]! * x + back[7]! * y + back[8]!;
      const sx = (back[0]! * x + back[1]! * y + back[2]!) / w;
      const sy = (back[3]! * x + back[4]! * y + back[5]!) / w;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= sourceWidth - 1 || y0 >= sourceHeight - 1) {
        out[y * width + x] = outside;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const at = y0 * sourceWidth + x0;
      const top = data[at]! + (data[at + 1]! - data[at]!) * fx;
      const bottom = data[at + sourceWidth]! + (data[at + sourceWidth + 1]! - data[at + sourceWidth]!) * fx;
      out[y * width + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return out;
}
