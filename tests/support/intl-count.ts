type IntlConstructor = 'DateTimeFormat' | 'ListFormat' | 'NumberFormat' | 'PluralRules';

/**
 * How many objects `run` builds with Intl[name]: the first one a page builds starts ICU, which the
 * site's own formatting avoids. (Intl's members are read-only to TypeScript, not to the engine.)
 */
export function countIntlBuilt(name: IntlConstructor, run: () => void): number {
  const intl = Intl as unknown as Record<IntlConstructor, new (...args: unknown[]) => object>;
  const real = intl[name];
  let built = 0;
  intl[name] = function (...args: unknown[]) {
    built += 1;
    return new real(...args);
  } as unknown as typeof real;
  try {
    run();
  } finally {
    intl[name] = real;
  }
  return built;
}
