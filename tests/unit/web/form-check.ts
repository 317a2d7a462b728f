import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues } from 'react-hook-form';
import type * as z from 'zod';
import { errorMessages } from '../../../web/src/lib/contract-form.js';

/** A form's check as the browser runs it: the form's zod resolver (lib/contract-form.ts) over `values`, its errors as the form shows them. */
export async function formErrors<Schema extends z.ZodType<FieldValues, FieldValues>>(schema: Schema, values: z.input<Schema>, depth = 1) {
  const result = await zodResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return errorMessages(result.errors, depth);
}
