import { Card } from '@promatch/shared';
import { ReviewPanel } from '@promatch/shared/reviews';

interface Props {
  projectId: string;
  professionalId: string;
  /** The hired professional's name. */
  name: string;
  as: 'business' | 'professional';
}

/**
 * The review of a completed project: the business that hired writes it once; the professional
 * replies once (the same review as a completed call's, from @promatch/shared/reviews).
 */
export function ProjectReview({ projectId, ...panel }: Props) {
  return (
    <Card as="section" aria-labelledby="project-review">
      <h2 id="project-review">Review</h2>
      <ReviewPanel subject={{ kind: 'project', id: projectId }} {...panel} />
    </Card>
  );
}
