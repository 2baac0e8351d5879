/**
 * The project form (spec 1 §5), one schema for the screens and the API: the name is required
 * and at least 4 characters, the description required; both trimmed and bounded.
 */
import * as v from 'valibot';
import { requiredText } from '../auth/auth.forms';
import { visibleName } from '../common/fields';
import { ProjectMessages } from './projects-sites.messages';

/** The shortest project name (spec 1 §9). */
export const PROJECT_NAME_MIN = 4;

/** A project's name: required, at least 4 characters, at most 100, nothing invisible. */
export const projectNameSchema = v.pipe(
  requiredText(ProjectMessages.nameRequired),
  v.minLength(PROJECT_NAME_MIN, ProjectMessages.nameTooShort),
  v.maxLength(100, ProjectMessages.nameTooLong),
  visibleName(ProjectMessages.nameInvisible),
);

/** A project's description: required, at most 1000 characters. */
export const projectDescriptionSchema = v.pipe(requiredText(ProjectMessages.descriptionRequired), v.maxLength(1000, ProjectMessages.descriptionTooLong));
