import { ApiError } from 'shared';

/**
 * A failure a `useForm` form shows under its own fields, so no toast repeats it: a 400 (a rule
 * the server checks) or a 409 (a taken name) whose `errors` name one of `fields`, the rule
 * `useForm` lands them by. Give it as the mutation's `shownByForm`; any other failure is the
 * mutation's toast.
 */
export const shownOnFields =
  (...fields: string[]) =>
  (error: unknown): boolean =>
    error instanceof ApiError && (error.status === 400 || error.status === 409) && fields.some((field) => field in error.fieldErrors);
