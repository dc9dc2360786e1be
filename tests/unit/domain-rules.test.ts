/**
 * Rules the forms and the server share (src/domain): one rule per field wherever it is
 * asked, each screen keeping the spec's sentence.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { businessSchema } from '../../src/domain/lender-profile';
import { businessRegistrationSchema } from '../../src/domain/setup';

const firstMessage = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? null : result.issues[0].message;
};

describe('paybill numbers', () => {
  const profile = (paybillNumber: string) =>
    firstMessage(v.pick(businessSchema, ['paybillNumber']), { paybillNumber });
  const registration = (paybillNumber: string) =>
    firstMessage(v.pick(businessRegistrationSchema, ['paybillNumber']), { paybillNumber });

  it('take five digits or more in the profile wizard and in Register Business alike', () => {
    for (const paybill of ['12345', '600638', ' 4001234 ']) {
      expect(profile(paybill)).toBeNull();
      expect(registration(paybill)).toBeNull();
    }
  });

  it('refuse four digits or letters, each screen in its own words', () => {
    for (const paybill of ['1234', '60a638', '']) {
      expect(profile(paybill)).toBe('Paybill number must be at least 5 digits');
      expect(registration(paybill)).toBe('Paybill Number is required');
    }
  });
});
