import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FigureInput from '~/components/islands/admin/requests/FigureInput';

type Props = Parameters<typeof FigureInput>[0];

/** The input's own attributes and the markup around it, as a browser would get them. */
function render(props: Partial<Props> & Pick<Props, 'id' | 'label'>) {
  const html = renderToStaticMarkup(
    createElement(FigureInput, { value: '', onChange: () => undefined, invalid: {}, ...props }),
  );
  const input = /<input\b[^>]*>/.exec(html)![0];
  const describedBy = /aria-describedby="([^"]*)"/.exec(input)?.[1] ?? null;
  return { html, input, describedBy };
}

describe('the review dialog’s figure input', () => {
  it('reads its hint with the input, after the problem it is linked to', () => {
    const { html, describedBy } = render({
      id: 'rate',
      label: 'Rate',
      hint: 'USD per unit',
      invalid: { 'aria-invalid': true, 'aria-describedby': 'rate-problem' },
    });
    expect(describedBy).toBe('rate-problem rate-hint');
    expect(html).toContain('<p id="rate-hint" class="mt-1 text-sm text-muted">USD per unit</p>');
    expect(html).toMatch(/<label for="rate"[^>]*>Rate<\/label>/);
  });

  it('links the hint alone, or nothing; figures are decimal and never autofilled, a source is text', () => {
    const fee = render({ id: 'fee', label: 'Fee', hint: 'In the asset' });
    expect(fee.describedBy).toBe('fee-hint');
    expect(fee.input).toContain('inputMode="decimal"');
    expect(fee.input).toContain('autoComplete="off"');
    const source = render({ id: 'source', label: 'Rate source', inputMode: 'text', autoFocus: true });
    expect(source.describedBy).toBeNull();
    expect(source.html).not.toContain('-hint');
    expect(source.input).toContain('inputMode="text"');
    expect(source.input).toContain('data-autofocus="true"');
  });
});
