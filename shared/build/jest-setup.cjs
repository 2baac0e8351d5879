/* global jest */
require('@testing-library/jest-dom');

// A test's time limit catches a hang, not slowness (speed is the bench's to measure): jest's 5 s
// default failed a 2.2 s designer test once on CI's two busy cores (two workers of jsdom).
jest.setTimeout(20_000);
