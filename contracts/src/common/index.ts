/** What every area's contract builds on: field helpers, replies, paging, generic messages. */
export * from './common.messages';
export * from './page';
export * from './replies.entities';
export * from './audit.entities';
export * from './json';
export * from './names';
