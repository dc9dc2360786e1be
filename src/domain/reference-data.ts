/** Regions and business types (spec part 2 §5), shared by the admin forms and the server. */
import * as v from 'valibot';
import { adminText } from '../i18n/admin';
import { requiredString } from './fields';

export const regionSchema = v.object({
  name: v.pipe(
    requiredString(adminText.regionNameRequired),
    v.trim(),
    v.nonEmpty(adminText.regionNameRequired),
    v.maxLength(100, adminText.tooLong),
  ),
  description: v.pipe(
    requiredString(adminText.regionDescriptionRequired),
    v.trim(),
    v.nonEmpty(adminText.regionDescriptionRequired),
    v.maxLength(500, adminText.tooLong),
  ),
});

export const businessKinds = ['individual', 'business'] as const;

export const businessTypeSchema = v.object({
  name: v.pipe(
    requiredString(adminText.typeNameShort),
    v.trim(),
    v.minLength(2, adminText.typeNameShort),
    v.maxLength(100, adminText.tooLong),
  ),
  description: v.pipe(
    requiredString(adminText.typeDescriptionShort),
    v.trim(),
    v.minLength(2, adminText.typeDescriptionShort),
    v.maxLength(500, adminText.tooLong),
  ),
  businessType: v.picklist(businessKinds, adminText.typeKindRequired),
});

export const adminProfileSchema = v.object({
  name: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200, adminText.tooLong)),
  email: v.pipe(v.optional(v.string(), ''), v.trim(), v.toLowerCase()),
});
