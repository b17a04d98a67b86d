/**
 * HTML escaping of mail template variables, in one place for every template.
 *
 * SES renders `{{var}}` raw (no HTML escaping, and aws-ses-v2-local does the same), so a first
 * name `<script>` reached the HTML part as markup. The template definitions keep writing `{{var}}`
 * everywhere; the HTML part is stored with each `{{var}}` rewritten to `{{var_html}}`
 * (`sesHtmlPart`, used by the CDK and the local provisioning), and the mailer sends, beside each
 * variable, its HTML-escaped copy under that name (`withHtmlVariables`). The subject and the text
 * part keep the raw values: they are plain text. A new template is covered without a line of its own.
 */

/** Suffix of the escaped copy of a variable, as the stored HTML part names it. */
const HTML_VARIABLE_SUFFIX = '_html';

/** Any Handlebars expression; only the plain `{{name}}` form is allowed in an HTML part. */
const EXPRESSION = /\{\{(.*?)\}\}/gs;
const PLAIN = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*$/;

/** The variables a template part names (`{{name}}`), in order of first use. */
export function templateVariables(part: string): string[] {
  const names = new Set<string>();
  for (const [, inner] of part.matchAll(EXPRESSION)) {
    const name = PLAIN.exec(inner ?? '')?.[1];
    if (name) names.add(name);
  }
  return [...names];
}

/**
 * The HTML part as stored in SES: `{{name}}` -> `{{name_html}}`. Throws on any other expression
 * (`{{{raw}}}`, `{{#if}}`, helpers, paths) so that no variable reaches the HTML unescaped by a form
 * this rewrite does not know.
 */
export function sesHtmlPart(html: string): string {
  return html.replace(EXPRESSION, (expression, inner: string) => {
    const name = PLAIN.exec(inner)?.[1];
    if (!name || name.endsWith(HTML_VARIABLE_SUFFIX)) {
      throw new Error(`Mail template HTML may only use plain {{variable}} expressions (escaped by the mailer), not ${expression}`);
    }
    return `{{${name}${HTML_VARIABLE_SUFFIX}}}`;
  });
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe between tags and inside double- or single-quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The template data with each variable's HTML-escaped copy (`name_html`) beside it. */
export function withHtmlVariables(data: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...data };
  for (const [name, value] of Object.entries(data)) out[`${name}${HTML_VARIABLE_SUFFIX}`] = escapeHtml(value);
  return out;
}
