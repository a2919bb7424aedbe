import {
  CreateReviewBodySchema,
  RequestedReviewersSchema,
  RequestReviewersBodySchema,
  ReviewSchema,
} from '../pulls/schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

/** More rows of the pulls group: GitHub reviews of a draft (additions to the spec). */
export const reviewsRoutes = [
  {
    id: 'createReview',
    method: 'POST',
    path: '/api/repos/{repo}/pulls/{number}/reviews',
    group: 'pulls',
    // A person approves: no API token may review, whatever its permissions.
    access: 'session',
    summary: 'Review a change request: approve, request changes or comment',
    description:
      "An addition: a GitHub review of the draft, as the signed-in person: `APPROVE`, `REQUEST_CHANGES` or `COMMENT` (those two need a `body`). Branch protection counts approvals from people with write access; GitHub refuses approving one's own pull request (400 with its reason). API tokens cannot review (403): approving is a person's act. The draft's detail then shows it under `review`.",
    body: CreateReviewBodySchema,
    responses: {
      201: { description: 'The review', schema: ReviewSchema },
      400: error(
        "Unknown event, an empty body for REQUEST_CHANGES or COMMENT, or GitHub's refusal (e.g. approving your own pull request)",
      ),
      404: error('No such pull request, or not a CMS draft'),
      409: error('The pull request is not open'),
    },
  },
  {
    id: 'requestReviewers',
    method: 'POST',
    path: '/api/repos/{repo}/pulls/{number}/reviewers',
    group: 'pulls',
    access: 'content:write',
    summary: 'Request reviewers for a change request',
    description:
      'An addition: asks GitHub users (logins) to review the draft; GitHub notifies them. Answers who is requested now.',
    body: RequestReviewersBodySchema,
    responses: {
      200: { description: 'Requested', schema: RequestedReviewersSchema },
      400: error(
        "No reviewer, more than 15, a malformed login, or GitHub's refusal (not a collaborator, the author)",
      ),
      404: error('No such pull request, or not a CMS draft'),
      409: error('The pull request is not open'),
    },
  },
] as const satisfies readonly RouteDef[];
