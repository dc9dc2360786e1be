/**
 * The page's bands by their element ids: the top bar and the hero link to some, and each
 * one below the hero hydrates when it comes near the screen (`HydrateWhenVisible`).
 */
export const sectionIds = {
  preview: 'product-preview',
  stats: 'stats',
  features: 'features',
  howItWorks: 'how-it-works',
  integrations: 'integrations',
  testimonials: 'testimonials',
  comparison: 'comparison',
  faq: 'faq',
  getStarted: 'get-started',
  footer: 'contact',
} as const;
