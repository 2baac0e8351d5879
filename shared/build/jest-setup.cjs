/* global jest */
require('@testing-library/jest-dom');

// A test's time limit catches a hang, not slowness (speed is the bench's to measure): jest's 5 s
// default failed a 2.2 s designer test once on CI's two busy cores (two workers of jsdom).
jest.setTimeout(20_000);

// The same for a findBy or waitFor: testing-library's 1 s default failed a first table once on
// CI (the kit's table arrives through a dynamic import that swc transforms on first use, which a
// busy worker took longer than a second to do). What is awaited still has to arrive.
require('@testing-library/react').configure({ asyncUtilTimeout: 10_000 });
