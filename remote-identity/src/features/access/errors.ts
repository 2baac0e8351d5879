import { ApiError } from 'shared';

/** A taken name (409): the form shows it under the name field, so no toast repeats it. */
export const isNameTaken = (error: unknown) => error instanceof ApiError && error.status === 409;
