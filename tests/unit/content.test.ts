import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import home from '~/content/en/home';
import about from '~/content/en/about';
import assetManagement from '~/content/en/asset-management';
import loan from '~/content/en/loan';
import { isGroup, publicNav, sitemapRoutes, routes, translatedRoutes } from '~/config/navigation';
import { chatEmbedUrl, chatIds, supportChatLink } from '~/config/chat';
import { site } from '~/config/site';

const { hero: homeHero, services: homeServices, conciergeServices, liquidityFeatures, liquidityIntro } = home;
const { pillars: aboutPillars, join: aboutJoin } = about;
const {
  assets,
  assetsNote,
  custodyItems,
  howItWorks,
  plans,
  products,
  finalCta: assetFinalCta,
} = assetManagement;
const {
  financingTypes,
  fundingProcess,
  sectors: fundingSectors,
  fundingStart,
  advantages: loanAdvantages,
  finalCta: loanFinalCta,
} = loan;
const { header: headerNav, footer: footerNav, legal: legalNav } = publicNav('en');

const slugs = (items: readonly { slug: string }[]) => items.map((i) => i.slug);
const expectUnique = (values: readonly string[]) => expect(new Set(values).size).toBe(values.length);

describe('home content', () => {
  it('has the hero, two service cards and four concierge blocks', () => {
    expect(homeHero.title).toBe('Institutionalizing Digital Assets');
    expect(homeHero.cta).toEqual({ label: 'Get Liquidity', href: '/loan' });
    expect(homeServices.map((s) => s.href)).toEqual(['/loan', '/asset-management']);
    expect(homeServices.every((s) => s.linkLabel === 'Learn More')).toBe(true);
    expect(conciergeServices).toHaveLength(4);
    expect(liquidityFeatures.map((f) => f.title)).toEqual([
      'Deep Liquidity',
      'Lending',
      'State-of-the-Art Protocol',
      'Risk Management',
      'Dedicated Client Service',
      'Execution',
    ]);
    expect(liquidityIntro.primary).toEqual({ label: 'Get In Touch', href: '/getintouch' });
    expect(liquidityIntro.secondary).toEqual({ label: 'Get Liquidity', href: '/asset-management' });
  });
});

describe('about content', () => {
  it('has Vision, Mission, Team and Edge and joins to asset management', () => {
    expect(aboutPillars.map((p) => p.title)).toEqual(['Vision', 'Mission', 'Team', 'Edge']);
    expect(aboutJoin.cta).toEqual({ label: 'Join us', href: '/asset-management' });
  });
});

describe('asset management content', () => {
  it('lists the five assets in order with the integration note', () => {
    expect(assets.map((a) => a.name)).toEqual(['Bitcoin', 'Ethereum', 'Tether', 'Ripple', 'USDC']);
    expect(assetsNote).toBe('More asset will be integrated');
  });

  it('has four products, three custody items and three steps', () => {
    expect(products.map((p) => p.title)).toEqual([
      'Fiat-Crypto Onramp',
      'OTC Trading',
      'Execution',
      'Institutional-Grade Risk Infrastructure',
    ]);
    expect(custodyItems.map((c) => c.title)).toEqual([
      'Cold Storage',
      'Multi-Level Approval',
      'Market Access',
    ]);
    expect(howItWorks).toHaveLength(3);
    expect(assetFinalCta.cta).toEqual({ label: 'Get Liquidity', href: '/asset-management' });
  });

  it('has the four plans with their minimums, descriptions, terms and a link to their plan form each', () => {
    expect(plans.map((p) => [p.name, p.minimumUsd])).toEqual([
      ['Silver', 500],
      ['Gold', 5_000],
      ['Diamond', 25_000],
      ['Platinum', 50_000],
    ]);
    for (const plan of plans) {
      // The member's plan form with the plan chosen; the member guard sends a visitor to sign in first.
      expect(plan.href).toBe(`/user/plans?plan=${plan.slug}`);
      expect(plan.description.length).toBeGreaterThan(20);
      // Returns are described, never promised (the words are the database's, supabase/tests/plans.test.ts).
      expect(plan.returnsText).toContain('not guaranteed');
      expect(plan.riskText.length).toBeGreaterThan(20);
      expect(Number.isInteger(plan.minimumUsd)).toBe(true);
    }
    // Tiers rise strictly: a typo such as 5_00 would break the order.
    const minimums = plans.map((p) => p.minimumUsd);
    expect([...minimums].sort((a, b) => a - b)).toEqual(minimums);
  });
});

describe('loan content', () => {
  it('has the seven financing types of the spec', () => {
    expect(financingTypes.map((f) => f.slug)).toEqual([
      'debt',
      'equity',
      'project',
      'working-capital',
      'bridge',
      'mezzanine',
      'stretch',
    ]);
  });

  it('starts in three steps and follows the eight-step process in the spec order', () => {
    expect(fundingStart.map((s) => s.title)).toEqual(['Get in Touch', 'Get Approved', 'Receive Funds']);
    expect(fundingProcess.map((s) => s.title)).toEqual([
      'Initial Documentation',
      'Initial Review',
      'Indicative Terms (Initial Approval)',
      'Presenting Indicative Terms to the Client',
      'Engagement',
      'Due Diligence, Risk Assessment and Underwriting',
      'Presenting Final Offer',
      'Funding',
    ]);
  });

  it('has four advantages and exactly 21 funding sectors ending with "Various others"', () => {
    expect(loanAdvantages.map((a) => a.title)).toEqual([
      'Global Accessibility',
      'Security',
      'Integrated Account Management',
      'Savings',
    ]);
    expect(fundingSectors).toHaveLength(21);
    expect(fundingSectors.at(-1)).toBe('Various others');
    expectUnique(fundingSectors);
    for (const named of [
      'Real estate',
      'Cannabis',
      'Last-mile delivery',
      'Art',
      'Aircraft',
      'Gemstones',
      'Antique museums',
    ]) {
      expect(fundingSectors).toContain(named);
    }
    expect(fundingSectors.some((s) => /listed shares/i.test(s))).toBe(true);
    expect(loanFinalCta.cta).toEqual({ label: 'Get In Touch', href: '/getintouch' });
  });
});

describe('slugs', () => {
  it('are unique within every list and URL-safe', () => {
    const lists = [
      homeServices,
      conciergeServices,
      liquidityFeatures,
      aboutPillars,
      assets,
      products,
      custodyItems,
      howItWorks,
      plans,
      financingTypes,
      fundingStart,
      fundingProcess,
      loanAdvantages,
    ];
    for (const list of lists) {
      expectUnique(slugs(list));
      for (const slug of slugs(list)) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('navigation', () => {
  it('has Home, About Us and a Services group with Loan and Asset Management', () => {
    expect(headerNav.map((i) => i.label)).toEqual(['Home', 'About Us', 'Services']);
    const services = headerNav.find(isGroup);
    expect(services?.children.map((c) => c.href)).toEqual(['/loan', '/asset-management']);
  });

  it('has the footer and legal links of the spec', () => {
    expect(footerNav.map((l) => l.label)).toEqual(['Loan', 'Asset Management', 'About Us', 'Sign In']);
    expect(legalNav.map((l) => l.href)).toEqual(['/terms-of-service', '/privacy-policy', '/cookie-policy']);
  });

  it('keeps sign-in and sign-up out of the sitemap and every sitemap route backed by a page', () => {
    expect(sitemapRoutes).not.toContain(routes.login);
    expect(sitemapRoutes).not.toContain(routes.register);
    for (const route of sitemapRoutes) {
      const file = route === '/' ? 'index.astro' : `${route.slice(1)}.astro`;
      // A page built in every language lives under [...locale]; the others directly in src/pages.
      const folder = translatedRoutes.includes(route) ? 'src/pages/[...locale]' : 'src/pages';
      expect(fs.existsSync(path.join(folder, file)), file).toBe(true);
    }
    for (const route of translatedRoutes) {
      const file = route === '/' ? 'index.astro' : `${route.slice(1)}.astro`;
      expect(fs.existsSync(path.join('src/pages/[...locale]', file)), file).toBe(true);
    }
  });
});

describe('legal texts', () => {
  const expected = { 'terms-of-service': 13, 'privacy-policy': 10, 'cookie-policy': 8 } as const;

  for (const [name, count] of Object.entries(expected)) {
    it(`${name} has ${count} numbered sections in order and a last-updated date`, () => {
      const text = fs.readFileSync(path.join('src/content/legal/en', `${name}.md`), 'utf8');
      const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
      expect(front).toMatch(new RegExp(`^sections: ${count}$`, 'm'));
      const updated = /^lastUpdated: (\d{4}-\d{2}-\d{2})$/m.exec(front)?.[1];
      expect(updated && !Number.isNaN(Date.parse(updated))).toBe(true);
      const numbers = [...text.matchAll(/^## (\d+)\. \S/gm)].map((m) => Number(m[1]));
      expect(numbers).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(text).not.toMatch(/lorem ipsum/i);
    });
  }

  it('terms name the UAE as governing law and jurisdiction', () => {
    const text = fs.readFileSync('src/content/legal/en/terms-of-service.md', 'utf8');
    const section = text.split(/^## 13\. /m)[1] ?? '';
    expect(section).toMatch(/^Governing law and jurisdiction/);
    expect(section).toMatch(/laws of the United Arab Emirates/);
    expect(section).toMatch(/courts of the United Arab Emirates/);
  });
});

describe('chat configuration', () => {
  it('is off unless both ids are set and well-formed', () => {
    expect(chatIds({})).toBeUndefined();
    expect(chatIds({ PUBLIC_CHAT_PROPERTY_ID: 'abc', PUBLIC_CHAT_WIDGET_ID: '' })).toBeUndefined();
    expect(chatIds({ PUBLIC_CHAT_PROPERTY_ID: 'abc/../x', PUBLIC_CHAT_WIDGET_ID: 'w' })).toBeUndefined();
    expect(chatEmbedUrl(undefined)).toBeUndefined();
  });

  it('builds the embed URL and the standalone chat link when configured', () => {
    const ids = chatIds({ PUBLIC_CHAT_PROPERTY_ID: ' 64a1b2c3d4 ', PUBLIC_CHAT_WIDGET_ID: '1h2j3k' });
    expect(chatEmbedUrl(ids)).toBe('https://embed.tawk.to/64a1b2c3d4/1h2j3k');
    expect(supportChatLink(ids)).toEqual({
      href: 'https://tawk.to/chat/64a1b2c3d4/1h2j3k',
      external: true,
      label: 'Open support chat',
    });
  });

  it('falls back to a support e-mail link', () => {
    const link = supportChatLink(undefined);
    expect(link.external).toBe(false);
    expect(link.href).toBe(`mailto:${site.email.support}?subject=Support%20request`);
  });
});
