import { ROLE_GROUPS } from './catalogue';
import { crew, GROUPS, PEOPLE } from './demo-data';

/** The product licence each catalogued role needs (null: none). */
const productOf = new Map(ROLE_GROUPS.flatMap((group) => group.roles.map(([name]) => [name, group.addOnId] as const)));

/** The roles in `roles` whose product licence is not among `addons`. */
const withoutProduct = (roles: readonly string[], addons: readonly number[]) =>
  roles.filter((name) => {
    const addOnId = productOf.get(name);
    return addOnId !== undefined && addOnId !== null && !addons.includes(addOnId);
  });

describe('demo data', () => {
  it('gives no user a role without its product licence (issue 22: jsmith held Mobile Worker Tool without Workforce)', () => {
    for (const person of [...PEOPLE, ...crew(36)]) {
      // A user's own add-ons only: a group's could be taken away while the role stays.
      expect({ user: person.userName, roles: withoutProduct(person.roles, person.addons) }).toEqual({ user: person.userName, roles: [] });
    }
    expect(PEOPLE.find((person) => person.userName === 'jsmith')!.roles).not.toContain('MOBILE_WORKER_TOOL');
  });

  it('gives no user group a role without its product licence', () => {
    for (const group of GROUPS) expect({ group: group.name, roles: withoutProduct(group.roles, group.addons) }).toEqual({ group: group.name, roles: [] });
  });
});
