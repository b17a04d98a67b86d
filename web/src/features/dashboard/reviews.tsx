import { useState } from 'react';
import { T, useT, type MessageId } from '../../i18n/t';
import { Card } from '../../ui/card';
import { caseStudiesUrl, externalLinkProps } from '../../lib/site-links';

const REVIEWS = [1, 2, 3] as const;
/** Where the case studies live: a deployment setting; without it the stories show no link. */
const CASE_STUDIES_URL = caseStudiesUrl();

const id = (n: (typeof REVIEWS)[number], field: 'title' | 'description' | 'name' | 'position' | 'company'): MessageId => `review.${n}.${field}` satisfies MessageId;

/** Three success stories in the interface language, starting at a random one; previous and next wrap around. */
export function Reviews({ random = Math.random }: { random?: () => number }) {
  const t = useT();
  const [index, setIndex] = useState(() => Math.floor(random() * REVIEWS.length));
  const n = REVIEWS[index]!;
  const move = (step: number) => setIndex((i) => (i + step + REVIEWS.length) % REVIEWS.length);
  return (
    <Card className="reviews" aria-roledescription={t('reviews.carousel')} aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="card-heading">
        <T id="reviews.title" />
      </h2>
      <figure className="review" aria-live="polite">
        <blockquote>
          <p className="review-title">
            <T id={id(n, 'title')} />
          </p>
          <p>
            <T id={id(n, 'description')} />
          </p>
        </blockquote>
        <figcaption>
          <strong>
            <T id={id(n, 'name')} />
          </strong>
          , <T id={id(n, 'position')} />, <T id={id(n, 'company')} />
        </figcaption>
      </figure>
      <div className="reviews-nav">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => move(-1)}>
          <T id="reviews.previous" />
        </button>
        <span className="muted">
          <T id="reviews.position" values={{ current: index + 1, total: REVIEWS.length }} />
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => move(1)}>
          <T id="reviews.next" />
        </button>
      </div>
      {CASE_STUDIES_URL && (
        <a className="review-link" href={CASE_STUDIES_URL} {...externalLinkProps(CASE_STUDIES_URL)}>
          <T id="reviews.caseStudies" />
        </a>
      )}
    </Card>
  );
}
