/** @jest-environment node */
import * as v from 'valibot';
import { previewOf, endpoint, signedIn } from './endpoint';
import { int, text, tolerant } from './fields';

const Strict = v.object({ id: int, name: v.string(), note: v.nullable(v.string()) });

describe('tolerant', () => {
  it('reads what the strict reply answers, and more the platform may send', () => {
    const Reading = tolerant(Strict);
    expect(v.parse(Reading, { id: 1, name: 'A', note: null, extra: true })).toEqual({ id: 1, name: 'A', note: null, extra: true });
    expect(v.parse(Strict, { id: 1, name: 'A', note: null, extra: true })).toEqual({ id: 1, name: 'A', note: null });
    expect(v.safeParse(Reading, { id: 1, note: null }).success).toBe(false);
  });

  it('reads the lenient fields as given, keeping the strict order, and adds optional ones', () => {
    const Reading = tolerant(Strict, { note: text(), shown: v.optional(v.boolean(), true) });
    expect(v.parse(Reading, { id: 1, name: 'A' })).toEqual({ id: 1, name: 'A', note: '', shown: true });
    expect(Object.keys(Reading.entries)).toEqual(['id', 'name', 'note', 'shown']);
  });

  it('refuses, at compile time, a reading narrower than the strict reply or a required field it lacks', () => {
    // @ts-expect-error a text the strict reply may send as null must read null
    tolerant(Strict, { note: v.string() });
    // @ts-expect-error a field the strict reply lacks must be optional
    tolerant(Strict, { more: v.string() });
    expect(true).toBe(true);
  });
});

describe('previewOf', () => {
  const change = endpoint({
    method: 'POST',
    path: 'things/{id}',
    summary: 'Changes a thing.',
    access: signedIn,
    params: v.object({ id: v.string() }),
    query: v.object({ preview: v.optional(v.string()) }),
    body: v.object({ name: v.string() }),
    reply: v.object({ Message: v.string() }),
    replyKind: 'status',
  });

  it('sends the call’s own body to its own path with preview=true, answering its own reply', () => {
    const preview = previewOf(change, { summary: 'What changing a thing would do.', reply: Strict });
    expect(preview).toEqual({
      method: 'POST',
      path: 'things/{id}',
      summary: 'What changing a thing would do.',
      access: signedIn,
      params: change.params,
      body: change.body,
      reply: Strict,
      fixedQuery: { preview: true },
    });
    expect(previewOf(change, { summary: 'Same answer.' }).reply).toBe(change.reply);
  });
});
