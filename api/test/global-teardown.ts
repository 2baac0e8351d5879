import fs from 'node:fs';

export default async function globalTeardown() {
  const template = process.env.TEST_TEMPLATE ?? '';
  if (template.startsWith('pglite:')) fs.rmSync(template.slice('pglite:'.length), { force: true });
}
