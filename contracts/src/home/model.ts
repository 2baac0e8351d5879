/** The home's contract without its call (cards, endpoint, entities): what the API imports. */
export * from './home.cards';
export * from './home.endpoints';
export * from './home.entities';
