/**
 * How grainy a picture is: the standard deviation of its sensor noise in grey levels, by
 * Immerkær's fast estimate (a 3×3 operator that cancels smooth light and straight edges, whose
 * response to Gaussian noise of σ has a standard deviation of 6σ). The median response stands
 * for the page, since letters cover little of it. Sampled on a grid of about 200,000 points.
 * The estimate comes in steps of about 0.25 (whole grey levels), which is enough to tell a
 * clean photo from a grainy one.
 */
export function sensorNoise(data: Uint8Array, width: number, height: number): number {
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 200_000)));
  // Responses are whole numbers up to 16 × 255: counted, not sorted, for their median.
  const counts = new Uint32Array(16 * 255 + 1);
  let total = 0;
  for (let y = 1; y < height - 1; y += step) {
    for (let x = 1; x < width - 1; x += step) {
      const at = y * width + x;
      const corners = data[at - width - 1]! + data[at - width + 1]! + data[at + width - 1]! + data[at + width + 1]!;
      const sides = data[at - width]! + data[at - 1]! + data[at + 1]! + data[at + width]!;
      counts[Math.abs(corners - 2 * sides + 4 * data[at]!)]! += 1;
      total += 1;
    }
  }
  if (total === 0) return 0;
  let median = 0;
  for (let seen = counts[0]!; seen <= total / 2; seen += counts[median]!) median += 1;
  // The median of |N(0, 6σ)| is 0.6745 × 6σ.
  return median / (0.6745 * 6);
}
