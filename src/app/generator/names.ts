/** Spec §5: characters the name fields reject as they are typed (the rules live in the core). */
export {
  sanitizeName as sanitizeBodyName,
  sanitizeParamName as sanitizeParameterName,
} from '../../shared/openapi';

/** Status codes: digits only, at most three. */
export function sanitizeStatusCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 3);
}
