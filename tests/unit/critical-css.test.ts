import { describe, expect, it } from 'vitest';
import { trimCriticalCss } from '../../build/critical-css';

describe('trimCriticalCss (the prerendered pages’ inline CSS)', () => {
  it('drops the rules for hover, press and focus (not for their absence), keeping the other selectors of a rule', () => {
    const css =
      '.a{color:red}.a:hover{color:blue}.b:focus-visible,.b[data-x]{outline:0}' +
      '@media (hover:hover){.c:hover{color:green}}@media (hover:none){.c:active{color:green}}' +
      '.d:disabled{opacity:.5}.e:where(:not(:focus)){color:red}.f:focus:not(:focus-visible){outline:0}';
    expect(trimCriticalCss(css, '')).toBe(
      '.a{color:red}.b[data-x]{outline:0}.d:disabled{opacity:.5}.e:where(:not(:focus)){color:red}',
    );
  });

  it('keeps a custom property read by a kept rule, another property or the page, and drops the rest', () => {
    const css =
      ':root{--used:1px;--chain:var(--deep);--deep:2px;--unused:3px;--only-by-unused:4px;' +
      '--dead:var(--only-by-unused);--in-page:5px}' +
      '.a{margin:var(--used) var(--chain)}';
    expect(trimCriticalCss(css, '<p style="padding:var(--in-page)"></p>')).toBe(
      ':root{--used:1px;--chain:var(--deep);--deep:2px;--in-page:5px}' +
        '.a{margin:var(--used) var(--chain)}',
    );
  });

  it('keeps keyframes whole', () => {
    const css = '@keyframes k{0%{opacity:0}to{opacity:1}}.a{animation:k 1s}';
    expect(trimCriticalCss(css, '')).toBe(css);
  });
});
