/** A collection of a connected repository (`fullName` is `owner/name`), as a route names it. */
export interface CollectionRef {
  fullName: string;
  collection: string;
  /** A translated collection's locale (`?locale=`); the default when absent. */
  locale?: string;
}

/** One item of a collection, named by its slug. */
export interface ItemRef extends CollectionRef {
  slug: string;
}
