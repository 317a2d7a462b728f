import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

/** Labelled inputs for the wizard: the hint and the error are tied to the control for screen readers. */

function describedBy(id: string, hint: ReactNode, error: string | undefined, extra?: string) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
}

function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}

export function TextInput({ label, value, onChange, error, hint, type = 'text', ...input }: TextInputProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

interface TextAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
  hint?: ReactNode;
  rows?: number;
  name?: string;
  /** Shows a live "n/max" counter. */
  counter?: boolean;
}

export function TextArea({ label, value, onChange, maxLength, error, hint, rows = 4, name, counter }: TextAreaProps) {
  const id = useId();
  const atLimit = value.length >= maxLength;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, counter ? `${id}-count` : undefined)}
        onChange={(event) => onChange(event.target.value.slice(0, maxLength))}
      />
      {counter && (
        <p id={`${id}-count`} className={`field-counter${atLimit ? ' field-counter-limit' : ''}`} data-testid={name ? `${name}-counter` : undefined}>
          {value.length}/{maxLength}
        </p>
      )}
      {counter && (
        <p className="visually-hidden" aria-live="polite">
          {atLimit ? `You have reached the ${maxLength} character limit.` : ''}
        </p>
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** Parses a number input as a whole number; decimals are kept so the contract reports them. */
export function parseWholeNumber(raw: string): number | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  if (/^\d+$/.test(trimmed)) return Number.parseInt(trimmed, 10);
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

interface NumberInputProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  hint?: ReactNode;
  /** Shown before the input, e.g. € */
  prefix?: string;
  suffix?: string;
  name?: string;
  /** Euro and cent (7.50): a decimal keypad and cent steps. Whole numbers otherwise. */
  cents?: boolean;
}

export function NumberInput({ label, value, onChange, error, hint, prefix, suffix, name, cents }: NumberInputProps) {
  const id = useId();
  const [raw, setRaw] = useState(value === null || Number.isNaN(value) ? '' : String(value));

  // Follow changes made elsewhere (auto-filled durations, server ids adopted) without fighting the typing.
  useEffect(() => {
    setRaw((current) => {
      const parsed = parseWholeNumber(current);
      if (parsed === value || (Number.isNaN(parsed) && Number.isNaN(value))) return current;
      return value === null || Number.isNaN(value) ? '' : String(value);
    });
  }, [value]);

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="number-input">
        {prefix && (
          <span className="number-affix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          name={name}
          type="number"
          inputMode={cents ? 'decimal' : 'numeric'}
          min={0}
          step={cents ? 0.01 : 1}
          value={raw}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => {
            setRaw(event.target.value);
            onChange(parseWholeNumber(event.target.value));
          }}
        />
        {suffix && (
          <span className="number-affix" aria-hidden="true">
            {suffix}
          </span>
        )}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

interface SelectInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
}

export function SelectInput({ label, value, onChange, options, placeholder, error, hint, disabled }: SelectInputProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
