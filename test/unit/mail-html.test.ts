import { describe, expect, it } from 'vitest';
import { escapeHtml, sesHtmlPart, templateVariables, withHtmlVariables } from '../../functions/platform/config/mail-html';
import { mailTemplates } from '../../functions/platform/config/resources';

describe('mail HTML escaping (functions/platform/config/mail-html.ts)', () => {
  it('stores each {{var}} of an HTML part as its escaped copy {{var_html}}', () => {
    expect(sesHtmlPart('<p>Hello {{name}}, <a href="{{ url }}">{{url}}</a></p>')).toBe('<p>Hello {{name_html}}, <a href="{{url_html}}">{{url_html}}</a></p>');
  });

  it.each(['{{{name}}}', '{{#if name}}x{{/if}}', '{{> partial}}', '{{user.name}}', '{{lookup a b}}', '{{name_html}}', '{{&name}}'])(
    'refuses %s in an HTML part (a form the rewrite would leave unescaped)',
    (expression) => expect(() => sesHtmlPart(`<p>${expression}</p>`)).toThrow(/plain \{\{variable\}\}/),
  );

  it('every template definition passes the rewrite, and names no variable its HTML part cannot escape', () => {
    for (const template of mailTemplates) {
      const stored = sesHtmlPart(template.html);
      expect(templateVariables(stored).every((v) => v.endsWith('_html')), template.name).toBe(true);
    }
  });

  it('escapes markup and both quotes; the data keeps the raw value beside the escaped one', () => {
    expect(escapeHtml(`<script>alert(1)</script>&"'`)).toBe('&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;');
    expect(withHtmlVariables({ name: '<b>' })).toEqual({ name: '<b>', name_html: '&lt;b&gt;' });
  });
});
