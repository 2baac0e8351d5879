/** The home's contract: its call, cards and entities. The host bundles it. */
export * from './model';
export * from './home.calls';
