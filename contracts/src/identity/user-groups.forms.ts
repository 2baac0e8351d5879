/**
 * What the user group screens edit, one schema for the console and the API: the group's name
 * (unique in its licence, ignoring case: the database says so).
 */
import * as v from 'valibot';
import { visibleName } from '../common/fields';
import { UserGroupMessages } from './identity.messages';

/** A user group's name: trimmed, required, at most 100 characters, nothing invisible. */
export const userGroupNameSchema = v.pipe(
  v.optional(v.string(UserGroupMessages.nameRequired), ''),
  v.trim(),
  v.nonEmpty(UserGroupMessages.nameRequired),
  v.maxLength(100, UserGroupMessages.nameTooLong),
  visibleName(UserGroupMessages.nameInvisible),
);
