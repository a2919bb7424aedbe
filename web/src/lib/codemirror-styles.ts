import { StyleModule } from 'style-mod';

/**
 * CodeMirror's styles under a Content-Security-Policy whose `style-src` is `'self'` only.
 *
 * CodeMirror generates its CSS at run time (base theme, themes, highlight styles) and hands it to
 * style-mod, which, for a document, writes it into a `<style>` element first in `<head>`. The
 * policy refuses that element, so the editor loses its layout and highlighting. A nonce cannot
 * help a static site (no server mints one per response), and a hash cannot cover CSS that changes
 * with the extensions mounted. The CSSOM is not governed by CSP, though: rules inserted into a
 * stylesheet the policy let load apply. So, for the document, the rules go into
 * `codemirror-styles.css`, an empty stylesheet of the editor's own linked first in index.html:
 * where style-mod's element would sit, so the editor's stylesheet still wins at equal specificity,
 * as CodeMirror intends. Shadow roots, and a document without that link, keep style-mod's own way.
 */
const slotSelector = 'link[data-codemirror-styles]';

interface Slot {
  sheet: CSSStyleSheet;
  modules: StyleModule[];
}

const slots = new WeakMap<Document, Slot>();

function slotOf(root: unknown): Slot | undefined {
  if (!(root instanceof Document)) return undefined;
  const known = slots.get(root);
  if (known) return known;
  const sheet = root.querySelector<HTMLLinkElement>(slotSelector)?.sheet;
  if (!sheet) return undefined;
  const slot = { sheet, modules: [] };
  slots.set(root, slot);
  return slot;
}

/**
 * Adds `modules` to `mounted` in style-mod's order: each after the one asked before it; a module
 * already mounted ahead of its new place moves. Answers whether anything changed.
 */
export function mergeModules<T>(mounted: T[], modules: readonly T[]): boolean {
  let changed = false;
  let next = 0;
  for (const mod of modules) {
    let index = mounted.indexOf(mod);
    if (index > -1 && index < next) {
      mounted.splice(index, 1);
      next--;
      index = -1;
    }
    if (index === -1) {
      mounted.splice(next++, 0, mod);
      changed = true;
    } else {
      next = index + 1;
    }
  }
  return changed;
}

function rewrite(slot: Slot) {
  const parsed = new CSSStyleSheet();
  parsed.replaceSync(slot.modules.map((mod) => mod.getRules()).join('\n'));
  while (slot.sheet.cssRules.length > 0) slot.sheet.deleteRule(0);
  for (const rule of parsed.cssRules)
    slot.sheet.insertRule(rule.cssText, slot.sheet.cssRules.length);
}

let installed = false;

/** Routes CodeMirror's style mounting into the editor's own stylesheet; call before creating a view. */
export function keepCodeMirrorStylesInStylesheet(): void {
  if (installed) return;
  installed = true;
  const mountInStyleElement = StyleModule.mount.bind(StyleModule);
  StyleModule.mount = (root, modules, options) => {
    const slot = slotOf(root);
    if (!slot) return mountInStyleElement(root, modules, options);
    if (mergeModules(slot.modules, Array.isArray(modules) ? modules : [modules as StyleModule]))
      rewrite(slot);
  };
}
