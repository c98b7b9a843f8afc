// @ts-check
/**
 * No user-visible English written into a component (issue 36): a page in Chinese or Arabic must not
 * show a sentence its catalog never had. Words come from the language catalogs (src/i18n/), through
 * props. Reported:
 *   - JSX text with a Latin word ("<p>Loading…</p>");
 *   - a string written as a JSX child ({"I've made the deposit"});
 *   - a visible attribute given a string: aria-label, aria-description, title, placeholder, alt,
 *     and the props components use for visible text (label, heading, text, message, description);
 *   - a toast's message given as a string.
 * Not reported: text without a Latin word (punctuation, figures, "—"), names kept in Latin script in
 * every language (the firm's name, tickers, "US$"), and identifiers in other attributes (class names,
 * ids, test ids, hrefs). Applied where translation is complete (eslint.config.js); the admin area stays
 * English by design.
 */

/** Latin text every language keeps as it is: the firm's name, tickers and currency codes. */
const KEPT =
  /(?<![A-Za-z])(Liquid Capital( Limited)?|BTC|ETH|USDT|USDC|XRP|USD|US\$|QR|TOTP|PDF|CSV)(?![A-Za-z])/g;
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
  'heading',
  'text',
  'message',
  'description',
]);

/**
 * Whether `text` holds an English word once the kept names are taken out.
 * @param {string} text
 */
export function hasEnglish(text) {
  return /[A-Za-z]{2,}/.test(text.replace(KEPT, ''));
}

/** @param {import('estree').Node | undefined | null} node */
function stringOf(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the language catalogs, not English literals.' },
    messages: {
      literal:
        'User-visible English "{{text}}": take it from the page\'s words (src/i18n/, docs/languages.md "Islands").',
    },
    schema: [],
  },
  create(context) {
    /** @param {import('estree').Node} node @param {string} text */
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      /** @param {any} node */
      JSXText(node) {
        if (hasEnglish(node.value)) report(node, node.value);
      },
      /** @param {any} node */
      JSXExpressionContainer(node) {
        const parent = node.parent;
        const text = stringOf(node.expression);
        if (text === undefined || !hasEnglish(text)) return;
        if (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment') report(node, text);
      },
      /** @param {any} node */
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!VISIBLE_ATTRIBUTES.has(name)) return;
        const value = node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = stringOf(value);
        if (text !== undefined && hasEnglish(text)) report(node, text);
      },
      /** @param {any} node */
      CallExpression(node) {
        const callee = node.callee;
        const isToast =
          (callee.type === 'Identifier' && callee.name === 'toast') ||
          (callee.type === 'MemberExpression' &&
            callee.object.type === 'Identifier' &&
            callee.object.name === 'toast');
        const text = stringOf(node.arguments[0]);
        if (isToast && text !== undefined && hasEnglish(text)) report(node.arguments[0], text);
      },
    };
  },
};

export default { rules: { 'no-english-literals': rule } };
