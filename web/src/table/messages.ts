/** The table kit's own words (its pieces name no game): loaded with the first table. */
export const TABLE_MESSAGES = {
  en: { table: { actions: 'Your turn and actions' } },
  ar: { table: { actions: 'دورك وحركاتك' } },
};
