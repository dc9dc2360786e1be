/** Regions and business types, validated alike by the admin forms and the server. */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { adminText } from '../i18n/admin';
import { idValue, timestamp } from './answers';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { businessKinds } from './roles';

const label = inputText.labels;

export const regionSchema = v.object({
  name: v.pipe(
    requiredString(adminText.regionNameRequired),
    v.trim(),
    v.nonEmpty(adminText.regionNameRequired),
    maxLengthOf(label.name, MAX_LENGTH.name),
  ),
  description: v.pipe(
    requiredString(adminText.regionDescriptionRequired),
    v.trim(),
    v.nonEmpty(adminText.regionDescriptionRequired),
    maxLengthOf(label.description, MAX_LENGTH.description),
  ),
});

export { businessKinds };

export const businessTypeSchema = v.object({
  name: v.pipe(
    requiredString(adminText.typeNameShort),
    v.trim(),
    v.minLength(2, adminText.typeNameShort),
    maxLengthOf(label.name, MAX_LENGTH.name),
  ),
  description: v.pipe(
    requiredString(adminText.typeDescriptionShort),
    v.trim(),
    v.minLength(2, adminText.typeDescriptionShort),
    maxLengthOf(label.description, MAX_LENGTH.description),
  ),
  businessType: v.picklist(businessKinds, adminText.typeKindRequired),
});

export const adminProfileSchema = v.object({
  name: v.pipe(
    v.optional(v.string(adminText.tooLong), ''),
    v.trim(),
    maxLengthOf(label.name, MAX_LENGTH.fullName),
  ),
  email: v.pipe(
    v.optional(v.string(adminText.invalidEmail), ''),
    v.trim(),
    maxLengthOf(label.email, MAX_LENGTH.email),
    v.toLowerCase(),
  ),
});

/** A region as the API answers it (GET /region, POST /region/add). */
export const regionView = v.object({
  id: idValue,
  name: v.string(),
  description: v.string(),
  createdAt: timestamp,
});
export type Region = v.InferOutput<typeof regionView>;

/** A business type as the API answers it (GET /lenderbusinesstype, its create and edit). */
export const businessTypeView = v.object({
  id: idValue,
  name: v.string(),
  description: v.string(),
  businessType: v.picklist(businessKinds),
  createdByEmail: v.nullable(v.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BusinessType = v.InferOutput<typeof businessTypeView>;
