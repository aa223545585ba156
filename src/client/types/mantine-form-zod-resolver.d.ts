// mantine-form-zod-resolver 1.3.0 ships ESM types (index.d.mts) that re-export from './zod-resolver' with no
// extension, which NodeNext resolution cannot follow: without this declaration every import of the
// resolver is an error type (hidden by skipLibCheck) and the forms are unchecked. Same signatures as the
// package's own dist/types/zod-resolver.d.ts.
declare module 'mantine-form-zod-resolver' {
  import type { FormErrors } from '@mantine/form';
  import type { $ZodType } from 'zod/v4/core';

  export interface ZodResolverOptions {
    errorPriority?: 'first' | 'last';
  }
  // Generic in the form's values (the package says Record<string, unknown>, which interfaces do not
  // satisfy): the values type comes from the useForm call.
  export function zod4Resolver<Values = Record<string, unknown>>(
    schema: $ZodType,
    options?: ZodResolverOptions,
  ): (values: Values) => FormErrors;
}
