/** A git object as the host reads it. */

export type GitObjectType = 'blob' | 'tree' | 'commit' | 'tag';

export interface GitObjectInfo {
  oid: string;
  type: GitObjectType;
  size: number;
}

export interface GitObject extends GitObjectInfo {
  content: Buffer;
}
