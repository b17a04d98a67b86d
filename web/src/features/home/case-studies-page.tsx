import { T } from '../../i18n/t';
import { Card } from '../../ui/card';
import { PageHeading } from '../../ui/page-heading';
import { HELP_EMAIL } from '../../ui/step-cards';

const STORIES = [1, 2, 3] as const;

/**
 * /case-studies: the portal's own case studies (the dashboard's success stories, in full), the
 * default target of the case-studies links and of "Book a demo" (lib/site-links.ts) when a
 * deployment sets none.
 */
export default function CaseStudiesPage() {
  return (
    <div className="page case-studies">
      <PageHeading />
      <p className="muted">
        <T id="caseStudies.intro" />
      </p>
      <div className="case-studies-list">
        {STORIES.map((n) => (
          <Card key={n}>
            <article aria-labelledby={`case-study-${n}`}>
              <h2 id={`case-study-${n}`} className="case-study-title">
                <T id={`review.${n}.title`} />
              </h2>
              <p>
                <T id={`review.${n}.description`} />
              </p>
              <p className="muted small">
                <T id={`review.${n}.name`} />, <T id={`review.${n}.position`} /> · <T id={`review.${n}.company`} />
              </p>
            </article>
          </Card>
        ))}
      </div>
      <Card>
        <section id="book-a-demo" aria-labelledby="book-a-demo-title">
          <h2 id="book-a-demo-title" className="case-study-title">
            <T id="caseStudies.demoTitle" />
          </h2>
          <p>
            <T id="caseStudies.demoText" />
          </p>
          <a className="btn btn-primary" href={`mailto:${HELP_EMAIL}?subject=Demo`}>
            <T id="caseStudies.demoButton" values={{ email: HELP_EMAIL }} />
          </a>
        </section>
      </Card>
    </div>
  );
}
