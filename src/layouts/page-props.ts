/**
 * What every page tells the document about itself, declared once: Seo renders it, Base and
 * Marketing pass it down, the other layouts require or fix parts of it.
 */
export interface PageText {
  /** Page title without the site name; the template adds " | Liquid Capital". */
  title: string;
  description: string;
}

export interface PageMeta {
  title?: PageText['title'] | undefined;
  description?: PageText['description'] | undefined;
  /** Keeps the page out of search results (auth, member and admin pages). */
  noindex?: boolean | undefined;
  /** Open Graph type: pages are "website", legal texts "article". */
  ogType?: 'website' | 'article' | undefined;
}
