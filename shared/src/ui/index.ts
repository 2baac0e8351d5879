/** The UI kit: every screen builds from these. */
export {};
