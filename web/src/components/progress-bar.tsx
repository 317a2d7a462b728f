/** A labelled progress bar: the bar's width and what a screen reader hears come from the same value. */
export function ProgressBar({
  className,
  label,
  min,
  max,
  value,
  valueText,
}: {
  className: string;
  label: string;
  min: number;
  max: number;
  value: number;
  valueText: string;
}) {
  return (
    <div className={className} role="progressbar" aria-label={label} aria-valuemin={min} aria-valuemax={max} aria-valuenow={value} aria-valuetext={valueText}>
      <span style={{ width: `${(value / max) * 100}%` }} />
    </div>
  );
}
