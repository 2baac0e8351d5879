/**
 * Each operation's code samples for the reference (`x-codeSamples`, as Redocly and others read
 * them), made from its route: curl with the key in `Authorization: ApiKey …`, and TypeScript
 * with openapi-fetch on types generated from the document, as the README shows. A body is an
 * example built from its schema (its required fields, each of its type).
 */
type JsonSchema = Record<string, unknown>;

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** An example value of a JSON schema: required properties only, placeholders by type. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return {};
  if ('default' in schema && schema.default !== undefined && schema.default !== '') return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants) && variants.length) return exampleOf(variants.find((v) => v.type !== 'null') ?? variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const names = Object.keys(properties).filter((name) => required.has(name));
      return Object.fromEntries(names.map((name) => [name, exampleOf(properties[name], depth + 1)]));
    }
    case 'array':
      return schema.items && depth < 3 ? [exampleOf(schema.items as JsonSchema, depth + 1)] : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'date-time' ? '2026-01-31T00:00:00Z' : schema.format === 'email' ? 'someone@example.com' : 'text';
    default:
      return {};
  }
}

/** A shell word in single quotes. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface SampleInput {
  method: string;
  /** The full path with {params} (`/api/users/{username}`). */
  path: string;
  serverUrl: string;
  /** `apiKey` (the usual), `bearer` (a person's session only) or `none` (a public call). */
  auth: 'apiKey' | 'bearer' | 'none';
  pathParams: string[];
  /** Required query parameters with an example value each. */
  query: Record<string, unknown>;
  /** A JSON body's example, or a text body's content type. */
  body?: { json: unknown } | { text: string };
}

export function codeSamples(input: SampleInput): CodeSample[] {
  const { method, path, serverUrl, auth, pathParams, query, body } = input;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const url = `${serverUrl}${path}${search ? `?${search}` : ''}`;
  const curl = [`curl${method === 'GET' ? '' : ` -X ${method}`} ${shellQuote(url)}`];
  if (auth === 'apiKey') curl.push(`-H "Authorization: ApiKey $CONSOLE_API_KEY"`);
  if (auth === 'bearer') curl.push(`-H "Authorization: Bearer $CONSOLE_TOKEN"`);
  if (body && 'json' in body) curl.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(body.json))}`);
  if (body && 'text' in body) curl.push(`-H 'Content-Type: ${body.text}'`, '--data-binary @file.csv');

  const header =
    auth === 'apiKey'
      ? 'headers: { Authorization: `ApiKey ${process.env.CONSOLE_API_KEY}` } '
      : auth === 'bearer'
        ? 'headers: { Authorization: `Bearer ${process.env.CONSOLE_TOKEN}` } '
        : '';
  const params: string[] = [];
  if (pathParams.length)
    params.push(`path: { ${pathParams.map((name) => `${name}: ${JSON.stringify(name.toLowerCase().endsWith('id') ? 1 : 'text')}`).join(', ')} }`);
  if (Object.keys(query).length) params.push(`query: ${JSON.stringify(query)}`);
  const options: string[] = [];
  if (params.length) options.push(`params: { ${params.join(', ')} }`);
  if (body && 'json' in body) options.push(`body: ${JSON.stringify(body.json)}`);
  if (body && 'text' in body) options.push(`body: csvText as never, bodySerializer: (text: string) => text, headers: { 'Content-Type': '${body.text}' }`);
  const typescript = [
    `// npx openapi-typescript ${serverUrl}/api/openapi.json -o schema.d.ts`,
    `import createClient from 'openapi-fetch';`,
    `import type { paths } from './schema';`,
    ``,
    `const api = createClient<paths>({ baseUrl: '${serverUrl}', ${header}});`,
    `const { data, error } = await api.${method}('${path}'${options.length ? `, { ${options.join(', ')} }` : ''});`,
  ];
  return [
    { lang: 'Shell', label: 'curl', source: curl.join(' \\\n  ') },
    { lang: 'TypeScript', label: 'TypeScript (openapi-fetch)', source: typescript.join('\n') },
  ];
}
