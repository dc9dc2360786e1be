/**
 * The super admin's management of administrators: the form that adds one (name and email; the
 * new administrator chooses a password from an emailed link) and the list's rows. Client and
 * server validate with the same schema.
 */
import * as v from 'valibot';
import { administratorsText } from '../i18n/administrators';
import { inputText } from '../i18n/input';
import { idValue, timestamp } from './answers';
import { emailSchema } from './auth';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { adminRoles, adminStatuses } from './roles';

export const newAdministratorSchema = v.object({
  name: v.pipe(
    requiredString(administratorsText.nameRequired),
    v.trim(),
    v.nonEmpty(administratorsText.nameRequired),
    maxLengthOf(inputText.labels.name, MAX_LENGTH.fullName),
  ),
  email: emailSchema,
});
export type NewAdministrator = v.InferOutput<typeof newAdministratorSchema>;

/** One administrator of the list (GET /admin/administrators). */
export const administratorView = v.object({
  id: idValue,
  name: v.string(),
  email: v.string(),
  role: v.picklist(adminRoles),
  status: v.picklist(adminStatuses),
  /** Whether a second factor is set up (confirmed). */
  secondFactor: v.boolean(),
  createdAt: timestamp,
});
export type Administrator = v.InferOutput<typeof administratorView>;
