// @vitest-environment node
/**
 * Rules the forms and the server share (src/domain): one rule per field wherever it is
 * asked, each screen keeping the rule's own sentence.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agentSchema } from '../../src/domain/agents';
import { borrowerSchema } from '../../src/domain/borrowers';
import { businessSchema, personalSchema } from '../../src/domain/lender-profile';
import { paymentPhone } from '../../src/domain/mpesa-payments';
import { businessRegistrationSchema } from '../../src/domain/setup';
import { agentsText } from '../../src/i18n/agents';
import { borrowersText } from '../../src/i18n/borrowers';
import { lendersText } from '../../src/i18n/lenders';
import { moneyText } from '../../src/i18n/money';

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

describe('phone numbers as people type them', () => {
  const typed = ['0712 345 678', '+254 712 345 678', '0712-345-678'];
  const lender = v.pick(personalSchema, ['phoneNumber']);
  const agent = v.pick(agentSchema, ['phoneNumber']);
  const borrower = v.pick(borrowerSchema, ['phoneNumber']);

  it('are normalised before they are checked, in every schema the server shares', () => {
    for (const phone of typed) {
      expect(v.parse(lender, { phoneNumber: phone }).phoneNumber).toMatch(/^\+?\d{10,15}$/);
      expect(v.parse(agent, { phoneNumber: phone }).phoneNumber).toMatch(/^\+?\d{10,15}$/);
      expect(v.parse(borrower, { phoneNumber: phone }).phoneNumber).toBe('254712345678');
      expect(v.parse(paymentPhone, phone)).toBe('254712345678');
    }
    expect(v.parse(lender, { phoneNumber: '+254 712 345 678' }).phoneNumber).toBe('+254712345678');
    expect(v.parse(agent, { phoneNumber: '0712-345-678' }).phoneNumber).toBe('0712345678');
  });

  it('the placeholders show a shape that passes', () => {
    const shaped = (placeholder: string) => placeholder.replace(/X/g, '1');
    expect(v.safeParse(lender, { phoneNumber: shaped(lendersText.phonePlaceholder) }).success).toBe(
      true,
    );
    expect(v.safeParse(agent, { phoneNumber: shaped(agentsText.phonePlaceholder) }).success).toBe(
      true,
    );
    expect(v.safeParse(paymentPhone, shaped(moneyText.phonePlaceholder)).success).toBe(true);
    expect(
      v.safeParse(borrower, { phoneNumber: shaped(borrowersText.phonePlaceholder) }).success,
    ).toBe(true);
  });

  it('still refuse what is not a phone number', () => {
    expect(firstMessage(lender, { phoneNumber: '0712 34' })).toBe('Invalid phone number');
    expect(firstMessage(agent, { phoneNumber: 'call me' })).toBe('Invalid phone number');
    expect(firstMessage(agent, { phoneNumber: '' })).toBe('Phone Number is required');
    expect(firstMessage(paymentPhone, '0812 345 678')).toBe(moneyText.phoneNotKenyan);
  });
});
