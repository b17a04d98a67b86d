import { useState } from 'react';
import { T, useT } from '../../i18n/t';
import { useCurrentUser } from '../../lib/api/session';
import { Card } from '../../ui/card';
import { pickEmoji } from '../../ui/greeting-emoji';
import { NextMeetingCard } from '../../ui/next-meeting-card';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { HelpCard } from '../../ui/step-cards';
import { TodoList } from '../../ui/todo-list';
import { HealthAlerts } from './health-alerts';
import './profile.css';
import { caseStudiesUrl } from '../../lib/site-links';


/** Where the case studies live: a deployment setting (the dashboard's stories use it too); no link without it. */

/** /user/profile: who is signed in, for which company, the next meeting, help, and the personal to-do list. */
export default function ProfilePage() {
  const t = useT();
  const { user } = useCurrentUser();
  const [emoji] = useState(() => pickEmoji());
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const caseStudies = caseStudiesUrl();

  return (
    <div className="page profile">
      <PageHeading />
      {!user ? (
        <Spinner />
      ) : (
        <div className="profile-layout">
          <div className="profile-main">
            <Card className="profile-card" aria-labelledby="profile-account">
              <div className="profile-identity">
                <span className="profile-emoji" aria-hidden="true">
                  {emoji}
                </span>
                <h2 id="profile-account" className="card-heading">
                  <T id="profile.account" />
                </h2>
              </div>
              <dl className="profile-facts">
                <div>
                  <dt>
                    <T id="profile.company" />
                  </dt>
                  <dd>{user.company.name}</dd>
                </div>
                <div>
                  <dt>
                    <T id="profile.fullName" />
                  </dt>
                  <dd>{fullName || <span className="muted">{t('profile.noName')}</span>}</dd>
                </div>
                <div>
                  <dt>
                    <T id="profile.login" />
                  </dt>
                  <dd>
                    <a href={`mailto:${user.login}`}>{user.login}</a>
                  </dd>
                </div>
              </dl>
            </Card>
            <HealthAlerts user={user} />
            <TodoList userId={user.id} />
          </div>
          <aside className="profile-side" aria-label={t('route.profile')}>
            <NextMeetingCard title="profile.nextMeeting" empty="profile.noMeeting" failed="profile.meetingsFailed" link="profile.openAgenda" />
            <HelpCard />
            <Card className="profile-stories" aria-labelledby="profile-stories">
              <h2 id="profile-stories" className="card-heading">
                <T id="profile.caseStudiesTitle" />
              </h2>
              <p className="muted">
                <T id="profile.caseStudiesText" />
              </p>
              {caseStudies && (
                <a className="btn btn-secondary btn-sm" href={caseStudies} target="_blank" rel="noreferrer">
                  <T id="profile.caseStudies" />
                </a>
              )}
            </Card>
          </aside>
        </div>
      )}
    </div>
  );
}
