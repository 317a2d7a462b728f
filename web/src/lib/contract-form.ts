import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod';
import { ApiError } from './api-client';

/**
 * The web app's one form layer: react-hook-form checking the form against a shared zod contract
 * (functions/contracts/), so the browser refuses exactly what the server would. Fields are
 * checked on submit only, and typing in a field clears its error (fieldProps), as the product's
 * forms have always done: nobody is told off mid-word. https://react-hook-form.com/docs/useform
 */
export function useContractForm<Schema extends z.ZodType<FieldValues, FieldValues>>(schema: Schema, defaultValues: DefaultValues<z.input<Schema>>) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
}

/** A text field's value, change and error for the labelled inputs of components/form-fields.tsx (which tie the error to the input with aria-describedby). */
export function fieldProps<Values extends FieldValues>(form: UseFormReturn<Values, unknown, FieldValues>, name: Path<Values>) {
  const value: unknown = form.watch(name);
  const error = form.formState.errors[name]?.message;
  return {
    name,
    value: typeof value === 'string' ? value : '',
    onChange(next: string) {
      form.setValue(name, next as never, { shouldDirty: true });
      form.clearErrors(name);
    },
    error: typeof error === 'string' ? error : undefined,
  };
}

/** Keys of a react-hook-form error that describe it rather than name a field below it (https://react-hook-form.com/docs/useform/formstate, errors). */
const ERROR_KEYS = new Set(['type', 'types', 'ref', 'root']);

function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, child] of Object.entries(node)) {
    if (ERROR_KEYS.has(key) || key === 'message') continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * The form's errors as the step forms show them: the first message under each field path cut to
 * `depth` segments (`name`, `hours.monday`, `services.3`), beside the field or row it names.
 */
export function errorMessages(errors: FieldErrors | object | undefined, depth = 1, prefix = ''): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, child] of Object.entries(errors ?? {})) {
    if (ERROR_KEYS.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (depth > 1) Object.assign(messages, errorMessages(child as object, depth - 1, path));
    else {
      const message = firstMessage(child);
      if (message) messages[path] = message;
    }
  }
  return messages;
}

/**
 * Puts the server's refusal of a field beside that field: a 400 names each field it refused by its
 * path in the request (functions/core/errors.ts, describeIssues), which is the form's own path
 * where the form sends its values as they are. Paths outside the form's values are left to the
 * page's general error.
 */
export function showServerErrors<Values extends FieldValues>(form: UseFormReturn<Values, unknown, FieldValues>, error: unknown): void {
  if (!(error instanceof ApiError) || !error.details) return;
  const fields = form.getValues() as Record<string, unknown>;
  for (const [path, message] of Object.entries(error.details)) {
    if (path.split('.')[0]! in fields) form.setError(path as Path<Values>, { type: 'server', message });
  }
}
