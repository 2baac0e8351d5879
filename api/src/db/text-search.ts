/** `%text%` for ILIKE, with LIKE's own characters (\ % _) taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
