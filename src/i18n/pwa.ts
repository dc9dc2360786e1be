/** Texts of the installable app: the "new version available" prompt (docs/architecture.md §7). */
export const pwaText = {
  updateTitle: 'A new version of Mkopo is available',
  updateText: 'Save what you are typing first: updating reloads the page.',
  update: 'Update',
  updating: 'Updating...',
  later: 'Later',
} as const;
