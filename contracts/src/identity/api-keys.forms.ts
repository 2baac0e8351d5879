/**
 * What the API key screens edit, one schema for the console and the API: the key's name
 * (unique in its licence) and its description.
 */
import * as v from 'valibot';
import { visibleName } from '../common/fields';
import { ApiKeyMessages } from './identity.messages';

/** A key's name: trimmed, required (with the screen's `required` message), at most 100 characters, nothing invisible. */
export const apiKeyNameSchema = (required: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(100, ApiKeyMessages.nameTooLong), visibleName(ApiKeyMessages.nameInvisible));

/** A key's description: trimmed, at most 1000 characters. */
export const apiKeyDescriptionSchema = v.pipe(v.string(), v.trim(), v.maxLength(1000, ApiKeyMessages.descriptionTooLong));
