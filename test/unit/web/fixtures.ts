import type { CollectionConfig, FieldDefinition } from '../../../shared/content/config-schema';

/** The demo blog's `posts` collection, plus a number field, as the form tests see it. */
export const postFields: FieldDefinition[] = [
  { name: 'title', type: 'string', label: 'Title', required: true },
  { name: 'date', type: 'date', label: 'Date', required: true },
  { name: 'description', type: 'string', label: 'Description' },
  { name: 'tags', type: 'string[]', label: 'Tags' },
  { name: 'draft', type: 'boolean', label: 'Draft', default: false },
  { name: 'order', type: 'number', label: 'Order' },
];

export const posts: CollectionConfig = {
  label: 'Posts',
  directory: 'content/posts',
  fields: postFields,
  workflow: { default: 'pr' },
};
