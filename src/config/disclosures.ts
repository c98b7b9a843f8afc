/**
 * The firm's regulatory disclosures, shown in every public page's footer (components/site/Disclosures.astro).
 *
 * A value the firm has not given yet is `{ toFill: '<what goes here>' }`: a development or test build
 * shows it visibly marked ("To fill: …"), and a production build refuses to finish while any is left
 * (scripts/release-guard.mjs, run by `astro build` when LC_RELEASE=1 or Netlify's CONTEXT=production).
 * README "Going live" says how to fill them. This file imports nothing at run time, so the guard can
 * load it with Node alone (its one import is a type).
 */
import type { Locale } from '~/i18n/locales';

/** A value still to be supplied by the firm; `toFill` says what belongs there. */
export interface ToFill {
  readonly toFill: string;
}

export type Fillable = string | ToFill;

export function isToFill(value: Fillable): value is ToFill {
  return typeof value === 'object';
}

export interface DisclosureLine {
  /** What the line states; its words in each language are in the catalogs (`disclosures.<label>`). */
  label: 'licence' | 'registration' | 'regulator';
  value: Fillable;
}

export interface Disclosures {
  /** The legal entity that offers the services, exactly as registered. */
  entityName: Fillable;
  /** Licence, registration number and regulator, one line each. */
  lines: readonly DisclosureLine[];
  /** The firm's approved wording in each language the site speaks. */
  riskWarning: Record<Locale, Fillable>;
}

export const disclosures: Disclosures = {
  entityName: { toFill: 'Registered name of the entity that provides the services' },
  lines: [
    { label: 'licence', value: { toFill: 'Licence type and number, or "None held"' } },
    { label: 'registration', value: { toFill: 'Number on the companies register' } },
    { label: 'regulator', value: { toFill: 'Regulator that supervises the entity, or "Not regulated"' } },
  ],
  riskWarning: {
    en: {
      toFill:
        'Risk warning approved by the firm, e.g. "Digital assets are volatile and you may lose all of the money you lend or invest. Past returns do not guarantee future returns."',
    },
    'zh-hant': { toFill: 'The same risk warning in Traditional Chinese, approved by the firm' },
    ar: { toFill: 'The same risk warning in Arabic, approved by the firm' },
  },
};
