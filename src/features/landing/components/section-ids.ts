/** Anchors the top bar and the hero link to. */
export const sectionIds = {
  features: 'features',
  howItWorks: 'how-it-works',
  faq: 'faq',
} as const;
