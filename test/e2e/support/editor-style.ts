import type { Page } from 'playwright-core';

export interface BodyEditorStyle {
  /** `.cm-editor`'s display: CodeMirror's base theme makes it flex. */
  display: string;
  /** A `## heading` line's text: bold, in the editor's --md-heading colour (its highlight style). */
  headingWeight: string;
  headingColour: string;
  expectedHeadingColour: string;
  /** The scroller's font: the editor's stylesheet (var(--mono)) overrides CodeMirror's `monospace`. */
  scrollerFont: string;
  expectedScrollerFont: string;
}

/** Computed styles of the body editor showing whether CodeMirror's generated CSS applies. */
export async function bodyEditorStyle(page: Page, headingText: string): Promise<BodyEditorStyle> {
  return page.locator('.markdown-editor').evaluate((host, text) => {
    const line = [...host.querySelectorAll('.cm-line')].find((candidate) =>
      candidate.textContent?.endsWith(text),
    );
    const heading = [...(line?.querySelectorAll('span') ?? [])].find((span) =>
      span.textContent?.includes(text),
    );
    if (!heading) throw new Error(`No highlighted heading "${text}" in the body editor`);
    // What the variables resolve to here, through the CSSOM (which the policy allows).
    const reference = document.createElement('span');
    reference.style.color = 'var(--md-heading)';
    reference.style.fontFamily = 'var(--mono)';
    host.append(reference);
    const style = {
      display: getComputedStyle(host.querySelector('.cm-editor')!).display,
      headingWeight: getComputedStyle(heading).fontWeight,
      headingColour: getComputedStyle(heading).color,
      expectedHeadingColour: getComputedStyle(reference).color,
      scrollerFont: getComputedStyle(host.querySelector('.cm-scroller')!).fontFamily,
      expectedScrollerFont: getComputedStyle(reference).fontFamily,
    };
    reference.remove();
    return style;
  }, headingText);
}
