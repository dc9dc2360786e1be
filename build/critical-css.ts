/**
 * Trims the CSS Beasties inlines into a prerendered page (build/prerender.ts) to what its
 * first paint can use. Beasties keeps every rule whose selector matches an element of the
 * page, pseudo-classes aside; two kinds of what it keeps cannot change that paint:
 *
 * - rules for a state the page is not in before the app runs it (`:hover`, `:active`,
 *   `:focus`, `:focus-visible`, `:focus-within`): nothing is hovered, pressed or focused
 *   on arrival, and a form stays disabled until its code runs;
 * - custom properties that nothing reads: Mantine's stylesheet declares its whole theme
 *   (every colour's ten shades, every size) on `:root`, and a page reads a fraction of it.
 *
 * Both are in the full stylesheets, which load without holding the paint back and apply
 * before anyone can hover, press or focus anything.
 */
import postcss, { type Container, type Root } from 'postcss';

const INTERACTION = /:(?:hover|active|focus(?:-visible|-within)?)(?![\w-])/;

/** `selector` without its `:not(…)` groups (a state inside one holds when it is absent). */
function withoutNegations(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length; i += 1) {
    if (!selector.startsWith(':not(', i)) {
      out += selector[i];
      continue;
    }
    let depth = 0;
    for (i += ':not'.length; i < selector.length; i += 1) {
      if (selector[i] === '(') depth += 1;
      else if (selector[i] === ')' && --depth === 0) break;
    }
  }
  return out;
}

/** Whether `selector` matches only an element hovered, pressed or focused. */
const needsInteraction = (selector: string) => INTERACTION.test(withoutNegations(selector));

/** The custom properties `text` reads through var(). */
function readProperties(text: string, into: Set<string>): Set<string> {
  for (const match of text.matchAll(/var\(\s*(--[\w-]+)/g)) into.add(match[1]!);
  return into;
}

/** Removes the at-rules and rules the trims left empty, innermost first. */
function removeEmpty(container: Container): void {
  container.each((node) => {
    if (node.type !== 'rule' && node.type !== 'atrule') return;
    if (!node.nodes) return;
    removeEmpty(node);
    if (node.nodes.length === 0) node.remove();
  });
}

/**
 * The critical CSS `css` of a page without its interaction-state rules and its unread
 * custom properties. `page` is the rest of the page's HTML (its style attributes and
 * other <style> tags read custom properties too).
 */
export function trimCriticalCss(css: string, page: string): string {
  const root: Root = postcss.parse(css);

  root.walkRules((rule) => {
    // Keyframes' steps are rules too; their selectors are percentages.
    if (
      rule.parent?.type === 'atrule' &&
      /keyframes$/i.test((rule.parent as { name: string }).name)
    )
      return;
    const kept = rule.selectors.filter((selector) => !needsInteraction(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });

  // Drop the declarations of custom properties nothing reads, until none is left: a
  // property read only by dropped ones goes too.
  const outside = readProperties(page, new Set());
  for (;;) {
    const read = new Set(outside);
    root.walkDecls((decl) => void readProperties(decl.value, read));
    let dropped = 0;
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return;
      decl.remove();
      dropped += 1;
    });
    if (dropped === 0) break;
  }

  removeEmpty(root);
  return root.toString();
}
