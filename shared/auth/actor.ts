/**
 * Who acts on a repository: GitHub is called with `userId`'s own token, so GitHub itself enforces
 * what that user reaches, and a commit or record the service writes names `login`.
 */
export interface Actor {
  userId: string;
  login: string;
}
