import { ROLES } from '@loopbox/pages';

/** The roles a person can hold, least to most trusted (SPEC 6): named in @loopbox/pages, which the staff console's role picker shares. */
export { ROLES };
export type Role = (typeof ROLES)[number];

/** Who a permission can be granted to: every role, and callers who are not signed in. */
export const AUDIENCES = ['anonymous', ...ROLES] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The less trusted of two roles: a token scoped to `creator` held by staff acts as a creator. */
export function lesserRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b;
}
