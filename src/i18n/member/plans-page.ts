import type { Locale } from '../locales';
import type { PluralForms } from '../fill';
import { plansWords, type PlansWords } from './pages/plans';
import assetEn from '../../content/en/asset-management';
import assetZhHant from '../../content/zh-hant/asset-management';
import assetAr from '../../content/ar/asset-management';
import type { Plan } from '../../content/types';
import statementZhHant from '../statement/zh-hant';
import statementAr from '../statement/ar';

/**
 * What /user/plans gives its island (src/pages/[...locale]/user/plans.astro): the catalog's words
 * (./pages/plans.ts) and, outside the catalog, whose every language has English's keys, the notice
 * period in the language's plural forms and the plans' texts in the language. The texts are the
 * public pages' (src/content/<locale>/asset-management.ts): one source for a plan's words.
 */

/** A plan's texts in a language, for the plans whose terms are still the ones the firm published. */
export interface PlanTexts {
  name: string;
  description: string;
  returns: string;
  fees: string;
  risk: string;
  /** The English the database holds while these are current: any other terms are shown as held. */
  english: { description: string; returns: string; fees: string; risk: string };
}

/** The days in each plural form (Arabic has six, Chinese one); plans by slug, none in English. */
export type PlansPageWords = PlansWords & {
  readonly days: PluralForms;
  readonly plans: Readonly<Record<string, PlanTexts>>;
};

const noticeDays: Record<Locale, PluralForms> = {
  en: {
    one: 'Redemptions are paid within {count} day of your request.',
    other: 'Redemptions are paid within {count} days of your request.',
  },
  'zh-hant': { other: '贖回款項於您提出申請後{count}天內支付。' },
  ar: {
    one: 'تُدفع مبالغ الاسترداد خلال يوم واحد من طلبكم.',
    two: 'تُدفع مبالغ الاسترداد خلال يومين من طلبكم.',
    few: 'تُدفع مبالغ الاسترداد خلال {count} أيام من طلبكم.',
    many: 'تُدفع مبالغ الاسترداد خلال {count} يومًا من طلبكم.',
    other: 'تُدفع مبالغ الاسترداد خلال {count} يوم من طلبكم.',
  },
};

const publicPlans: Record<Locale, { plans: readonly Plan[]; names: Readonly<Record<string, string>> }> = {
  en: { plans: [], names: {} },
  'zh-hant': { plans: assetZhHant.plans, names: statementZhHant.plans },
  ar: { plans: assetAr.plans, names: statementAr.plans },
};

/** The page's words in `locale`, composed for its island (src/pages/[...locale]/user/plans.astro). */
export function plansPageWords(locale: Locale): PlansPageWords {
  return {
    ...plansWords[locale],
    days: noticeDays[locale],
    plans: planTexts(publicPlans[locale].plans, publicPlans[locale].names),
  };
}

/** The public pages' plan texts (src/content/<locale>/asset-management.ts), one source for both. */
function planTexts(
  local: readonly Plan[],
  names: Readonly<Record<string, string>>,
): Record<string, PlanTexts> {
  return Object.fromEntries(
    local.flatMap((plan) => {
      const english = assetEn.plans.find((p) => p.slug === plan.slug);
      if (!english) return [];
      return [
        [
          plan.slug,
          {
            // The name the statements and the database's sentences give it ("الخطة الذهبية").
            name: names[plan.slug] ?? plan.name,
            description: plan.description,
            returns: plan.returnsText,
            fees: plan.feesText,
            risk: plan.riskText,
            english: {
              description: english.description,
              returns: english.returnsText,
              fees: english.feesText,
              risk: english.riskText,
            },
          },
        ],
      ];
    }),
  );
}
