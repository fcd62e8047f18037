import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  const tricky = `Tom & Jerry's "<b>best</b>" > rest`;

  it('escapes the five characters that can end a text or an attribute value', () => {
    expect(escapeHtml(tricky)).toBe('Tom &amp; Jerry&#x27;s &quot;&lt;b&gt;best&lt;/b&gt;&quot; &gt; rest');
  });

  it('writes text and attribute values exactly as React does', () => {
    expect(renderToStaticMarkup(createElement('p', { title: tricky }, tricky))).toBe(
      `<p title="${escapeHtml(tricky)}">${escapeHtml(tricky)}</p>`,
    );
  });
});
