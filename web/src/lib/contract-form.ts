import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod';

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
