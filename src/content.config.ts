import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Legal texts: markdown, one folder per language (en/, zh-hant/, ar/) and one file per page, each with
 * its "last updated" date. An entry's id is "<locale>/<page>", e.g. "ar/privacy-policy".
 */
const legal = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/legal' }),
  schema: z.object({
    title: z.string(),
    description: z.string().max(200),
    lastUpdated: z.coerce.date(),
    /** Number of numbered "## n." sections; the unit test checks the text matches it. */
    sections: z.number().int().positive(),
  }),
});

export const collections = { legal };
