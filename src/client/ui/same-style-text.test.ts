import { afterEach, describe, expect, it } from 'vitest';
import { skipSameStyleText } from './same-style-text';

describe('skipSameStyleText', () => {
  afterEach(() => {
    delete (HTMLStyleElement.prototype as { textContent?: unknown }).textContent;
    document.head.innerHTML = '';
  });

  it('leaves a style alone when it is given the text it holds, and changes it otherwise', () => {
    skipSameStyleText();
    const style = document.createElement('style');
    document.head.append(style);
    style.textContent = '.a { color: red }';
    const text = style.firstChild;
    style.textContent = '.a { color: red }';
    // the same text node: the browser saw no change of the sheet
    expect(style.firstChild).toBe(text);
    style.textContent = '.a { color: blue }';
    expect(style.firstChild).not.toBe(text);
    expect(style.textContent).toBe('.a { color: blue }');
    expect(style.sheet?.cssRules[0]?.cssText).toContain('blue');
  });

  it('writes a style that is not in the document yet, and other elements as before', () => {
    skipSameStyleText();
    const style = document.createElement('style');
    style.textContent = '.b { color: red }';
    expect(style.textContent).toBe('.b { color: red }');
    const div = document.createElement('div');
    document.body.append(div);
    div.textContent = 'x';
    const node = div.firstChild;
    div.textContent = 'x';
    expect(div.firstChild).not.toBe(node);
  });
});
