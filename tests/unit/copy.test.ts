// @vitest-environment node
/** Texts that say the same thing in two places say it the same way. */
import { describe, expect, it } from 'vitest';
import { authText } from '../../src/i18n/auth';
import { landingText } from '../../src/i18n/landing';

describe('copy', () => {
  it('the landing page and the review page promise the same review time (1-2 business days)', () => {
    const faq = JSON.stringify(landingText.faq);
    expect(authText.reviewTime).toContain('1-2 business days');
    expect(faq).toContain('1-2 business days');
    expect(faq).not.toMatch(/one business day/);
  });
});
