/**
 * The forms' validation with the shared valibot schemas (@mantine/form's `validate`):
 * each field shows the first rule it fails, in the order the schema states them, as
 * the server answers (server/lib/validation.ts). An empty required field reads "Email is
 * required", not the pattern or length rule that follows it in the pipe.
 */
import * as v from 'valibot';

export function schemaResolver(schema: v.GenericSchema) {
  return (values: unknown): Record<string, string> => {
    const result = v.safeParse(schema, values);
    const errors: Record<string, string> = {};
    if (result.issues) {
      for (const issue of result.issues) {
        const path = v.getDotPath(issue);
        if (path) errors[path] ??= issue.message;
      }
    }
    return errors;
  };
}
