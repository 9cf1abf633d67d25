/**
 * The phone walk's checks can fail: on a page made of native controls, a header with two overlapping
 * links and a box wider than the phone, each problem is named; the same page styled passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { phoneProblems } from './phone-checks.ts';

const PAGE = `<header class="lb-site-header"><a href="/a" class="big">A</a><a href="/b" class="small">B</a></header>
<main><button>Native</button><input type="checkbox"><input type="file"><input type="range"><select><option>x</option></select>
<input type="hidden" name="ignored"><button style="position:absolute;width:1px;height:1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0)">sr-only</button>
<div class="wide"></div></main>`;
const BROKEN = `<style>.big{display:inline-block;width:50px;height:50px}.small{display:inline-block;width:50px;height:20px;margin-left:-20px}.wide{width:500px;height:10px}</style>`;
const STYLED = `<style>a{display:inline-block;width:50px;height:50px;margin-right:4px}.wide{width:100px}
button,select,input{appearance:none;font-size:16px}input[type=range]{accent-color:red}input[type=file]::file-selector-button{appearance:none}</style>`;

describe('phone checks', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('name sideways scroll, overlapping and small header targets and every control in the default look', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.setContent(BROKEN + PAGE);
    expect(await phoneProblems(page, '/x')).toEqual([
      '/x: scrolls sideways: 508 px wide in 375; sticking out: <div.wide> to 508 px',
      '/x: header controls overlap: <a.big> "A" and <a.small> "B"',
      '/x: header target smaller than 44×44: <a.small> "B" is 50×20',
      '/x: default look: <button> "Native" has appearance auto',
      '/x: default look: <button> "Native" keeps the browser\'s 13.3333px font',
      '/x: default look: <input[type=checkbox]> has appearance auto',
      "/x: default look: <input[type=checkbox]> keeps the browser's 13.3333px font",
      "/x: default look: <input[type=file]>'s file-selector button has appearance auto",
      "/x: default look: <input[type=file]> keeps the browser's 13.3333px font",
      '/x: default look: <input[type=range]> has no accent-color',
      "/x: default look: <input[type=range]> keeps the browser's 13.3333px font",
      '/x: default look: <select> "x" has appearance auto',
      '/x: default look: <select> "x" keeps the browser\'s 13.3333px font',
    ]);
    await page.setContent(STYLED + PAGE);
    expect(await phoneProblems(page, '/x')).toEqual([]);
    await page.close();
  });
});
