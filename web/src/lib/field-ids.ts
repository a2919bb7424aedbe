/**
 * Element ids and problem keys of the editor form. Field names are `[A-Za-z_][A-Za-z0-9_-]*`, so
 * a `:` keeps every generated id apart: no field (not `body`, `__slug` or `title-message`) can
 * take the id of the body, the slug, or another field's message.
 */
export const fieldId = (name: string) => `field:${name}`;
export const messageIdOf = (id: string) => `${id}:message`;
export const slugId = 'item:slug';
export const bodyId = 'item:body';
/** The key of the slug's problem among the fields' problems; no field can be named so. */
export const slugProblemKey = ':slug';

/** The element to focus for a problem key. */
export const elementIdOf = (key: string) => (key === slugProblemKey ? slugId : fieldId(key));
