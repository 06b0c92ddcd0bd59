/** A failed request's messages for a panel form: per field, and the general one no field shows. */
import { ApiError, type FieldError } from './api';
import { errorText, fieldErrorText } from './error-text';

/** The API's per-field errors of a failed request ({detail, errors:[{field,message}]}). */
export function fieldErrors(error: unknown): FieldError[] {
  return error instanceof ApiError ? error.errors : [];
}

/** The message for one field; `service` also matches `service.name`, `name` also matches `service.name`. */
export function errorFor(error: unknown, field: string): string | undefined {
  const found = fieldErrors(error).find((e) => e.field === field || e.field.endsWith(`.${field}`) || e.field.startsWith(`${field}.`));
  return found && fieldErrorText(found.field);
}

/** The general message of a failed request, unless a named field already shows it. */
export function generalError(error: unknown, shownFields: string[] = []): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError)) return errorText(error);
  const named = fieldErrors(error).some((e) => shownFields.some((field) => e.field === field || e.field.endsWith(`.${field}`)));
  return named ? undefined : errorText(error);
}
