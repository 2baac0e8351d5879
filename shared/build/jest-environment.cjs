// jsdom with Node's Fetch API (React Router's data router builds Request objects). The abort
// classes come from Node too: Node's Request refuses a jsdom AbortSignal.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'ReadableStream', 'AbortController', 'AbortSignal', 'structuredClone'];

class ConsoleTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) if (globalThis[name]) this.global[name] = globalThis[name];
  }
}

module.exports = ConsoleTestEnvironment;
