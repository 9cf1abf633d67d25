/**
 * What the phone walk holds every page to, measured in the page itself. Each problem names the page
 * and the element (tag, id, classes, its label or text) so a failure says where to look.
 *
 * - Sideways scroll: the document is wider than the viewport. The culprits named are the outermost
 *   elements that stick out past the right edge (not inside a clipping or scrolling box).
 * - Overlap in the header: two visible links or controls of the site header whose boxes intersect
 *   (by more than half a pixel).
 * - The browser's default look: every visible button, select, textarea and input (hidden inputs
 *   aside) has `appearance: none`, checkboxes and radios included; a range or colour input has an
 *   accent colour instead (`accent-color` not `auto`), a file input a file-selector button with
 *   `appearance: none`; and none keeps the user agent's 13.333px control font.
 * - Touch targets: every visible link and control in the site header is at least 44×44 px. The
 *   header's items are what a thumb aims at on a phone, so its links count as targets; links in
 *   running text (paragraphs, the footer, cards) follow the text's line and are exempt, as WCAG
 *   2.5.5 exempts inline targets.
 * "Visible" means rendered, not `visibility: hidden`, not fully transparent, and larger than 1×1 px
 * (a visually-hidden input behind a styled label is not what the user sees).
 */
import type { Page } from 'playwright-core';

export const MIN_TOUCH_PX = 44;
/** The user agent's control font size in Chromium (13.333px): a control that keeps it was not styled. */
export const UA_CONTROL_FONT_PX = 13.333;

export async function phoneProblems(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(
    ({ minTouch, uaFont }) => {
      const problems: string[] = [];
      const name = (el: Element) => {
        const tag = el.tagName.toLowerCase();
        const id = el.id ? `#${el.id}` : '';
        const classes = [...el.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
        const type = el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : '';
        const text = (
          el.getAttribute('aria-label') ??
          (el as HTMLElement).innerText ??
          el.getAttribute('name') ??
          el.getAttribute('placeholder') ??
          ''
        )
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        return `<${tag}${id}${classes}${type}>${text ? ` "${text}"` : ''}`;
      };
      const visible = (el: Element) => {
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1;
      };
      const width = window.innerWidth;

      // (a) Sideways scroll, and what sticks out.
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth > width) {
        const clipped = (el: Element) => {
          for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
            if (getComputedStyle(p).overflowX !== 'visible') return true;
          return false;
        };
        const out = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el));
        const outermost = out.filter((el) => !out.includes(el.parentElement!)).slice(0, 3);
        problems.push(
          `scrolls sideways: ${scrollWidth} px wide in ${width}; sticking out: ${outermost.map((el) => `${name(el)} to ${Math.round(el.getBoundingClientRect().right)} px`).join(', ') || 'nothing named'}`,
        );
      }

      // (b) Overlapping header controls, and (d) their touch targets.
      const header = document.querySelector('.lb-site-header') ?? document.querySelector('header');
      if (header) {
        const targets = [...header.querySelectorAll('a[href], button, select, textarea, input:not([type=hidden]), [role=button]')].filter(
          visible,
        );
        const boxes = targets.map((el) => ({ el, r: el.getBoundingClientRect() }));
        for (const [i, a] of boxes.entries())
          for (const b of boxes.slice(i + 1)) {
            if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
            const apart =
              a.r.right <= b.r.left + 0.5 || b.r.right <= a.r.left + 0.5 || a.r.bottom <= b.r.top + 0.5 || b.r.bottom <= a.r.top + 0.5;
            if (!apart) problems.push(`header controls overlap: ${name(a.el)} and ${name(b.el)}`);
          }
        for (const { el, r } of boxes)
          if (r.width < minTouch - 0.5 || r.height < minTouch - 0.5)
            problems.push(
              `header target smaller than ${minTouch}×${minTouch}: ${name(el)} is ${Math.round(r.width)}×${Math.round(r.height)}`,
            );
      }

      // (c) Controls in the browser's default look.
      for (const el of document.querySelectorAll('button, select, textarea, input:not([type=hidden])')) {
        if (!visible(el)) continue;
        const style = getComputedStyle(el);
        const type = el instanceof HTMLInputElement ? el.type : '';
        if (type === 'range' || type === 'color') {
          if (style.accentColor === 'auto') problems.push(`default look: ${name(el)} has no accent-color`);
        } else if (type === 'file') {
          const button = getComputedStyle(el, '::file-selector-button');
          if (button.appearance !== 'none')
            problems.push(`default look: ${name(el)}'s file-selector button has appearance ${button.appearance}`);
        } else if (style.appearance !== 'none') problems.push(`default look: ${name(el)} has appearance ${style.appearance}`);
        if (Math.abs(parseFloat(style.fontSize) - uaFont) < 0.01)
          problems.push(`default look: ${name(el)} keeps the browser's ${style.fontSize} font`);
      }
      return problems;
    },
    { minTouch: MIN_TOUCH_PX, uaFont: UA_CONTROL_FONT_PX },
  );
  return found.map((p) => `${label}: ${p}`);
}
