import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Field from '~/components/islands/shared/Field';

/** The control's own attributes and the markup around it, as a browser would get them. */
function render(props: Parameters<typeof Field>[0]) {
  const html = renderToStaticMarkup(createElement(Field, props));
  const control = /<(input|textarea)\b[^>]*>/.exec(html)![0];
  const describedBy = /aria-describedby="([^"]*)"/.exec(control)?.[1] ?? null;
  return { html, describedBy };
}

describe('Field', () => {
  it('reads its hint with the control, after the problem it is linked to', () => {
    const { html, describedBy } = render({
      id: 'rate',
      label: 'Rate',
      hint: 'USD per unit',
      'aria-describedby': 'rate-problem',
      readOnly: true,
    });
    expect(describedBy).toBe('rate-problem rate-hint');
    expect(html).toContain('<p id="rate-hint" class="mt-1 text-sm text-muted">USD per unit</p>');
    expect(html).toMatch(/<label for="rate"[^>]*>Rate<\/label>/);
  });

  it('links the hint alone, or nothing when there is neither', () => {
    expect(render({ id: 'fee', label: 'Fee', hint: 'In the asset', readOnly: true }).describedBy).toBe(
      'fee-hint',
    );
    const plain = render({ id: 'note', label: 'Note', as: 'textarea', readOnly: true });
    expect(plain.describedBy).toBeNull();
    expect(plain.html).not.toContain('-hint');
  });
});
