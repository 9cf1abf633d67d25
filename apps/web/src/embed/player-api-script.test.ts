// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FIRST_HOST_API_SCRIPT_URL } from './constants.ts';
import { insertScriptOnce } from './player-api-script.ts';

describe('player API script', () => {
  it('is inserted once, however often it is asked for', () => {
    const doc = document.implementation.createHTMLDocument('embed');
    expect(insertScriptOnce(doc, FIRST_HOST_API_SCRIPT_URL)).toBe(true);
    expect(insertScriptOnce(doc, FIRST_HOST_API_SCRIPT_URL)).toBe(false);
    const scripts = Array.from(doc.querySelectorAll('script'), (s) => s.getAttribute('src'));
    expect(scripts).toEqual([FIRST_HOST_API_SCRIPT_URL]);
  });
});
