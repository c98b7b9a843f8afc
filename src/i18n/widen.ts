/**
 * The shape a translation has: English's keys, with any text in place of English's literals. English
 * defines a catalog `as const`; each other language is typed `Widen<typeof english>`, so a key missing
 * or extra in any language fails the type check.
 */
export type Widen<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Widen<U>[]
    : { readonly [K in keyof T]: Widen<T[K]> };
