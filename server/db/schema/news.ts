// News and service updates (Russian only on the site).
import { index, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 16, enum: ['news', 'update'] }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    excerpt: varchar('excerpt', { length: 500 }).notNull(),
    /** Paragraphs of plain text. */
    body: jsonb('body').$type<string[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('news_slug_unique').on(table.slug), index('news_kind_published_idx').on(table.kind, table.publishedAt)],
);
