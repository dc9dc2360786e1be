// @vitest-environment node
/** The stored business is read back only when it is whole (src/lib/use-selected-business.ts). */
import { describe, expect, it } from 'vitest';
import { parseSelectedBusiness } from '../../src/lib/use-selected-business';

describe('the stored business', () => {
  it('reads an id and a name, an id stored as text too, and drops anything else', () => {
    expect(parseSelectedBusiness('{"id":7,"businessName":"Duka","extra":1}')).toEqual({
      id: 7,
      businessName: 'Duka',
    });
    expect(parseSelectedBusiness('{"id":"12","businessName":"Duka"}')).toEqual({
      id: 12,
      businessName: 'Duka',
    });
  });

  it('is none when nothing usable is stored', () => {
    for (const raw of [
      null,
      '',
      'not json',
      'null',
      '5',
      '{"id":1.5,"businessName":"Duka"}',
      '{"id":"x","businessName":"Duka"}',
      '{"id":3}',
      '{"id":null,"businessName":"Duka"}',
      '{"businessName":"Duka"}',
    ]) {
      expect(parseSelectedBusiness(raw)).toBeNull();
    }
  });
});
