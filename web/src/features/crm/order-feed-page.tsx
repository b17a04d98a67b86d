import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { FeedCheck, FeedCheckFailure } from 'shared/domain/order-feed';
import { feedKindOf, type FeedFormat, type FeedKind } from 'shared/feed/types';
import { integrationStatusList, orderFeedCheck, orderFeedCheckGet, orderFeedOverview, orderFeedUpload } from 'shared/routes';
import { formatPortalDate } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { useCurrentUser } from '../../lib/api/session';
import { mutateRoute, routeKey, useRoute } from '../../lib/api/use-route';
import { PageHeading } from '../../ui/page-heading';
import { Callout } from '../../ui/callout';
import { OtherResourceNotice } from '../../ui/other-resource';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { DescriptionCard, HelpCard } from '../../ui/step-cards';
import { FeedForm, useFileSize, type FeedFormValues } from './feed-form';
import { failureDetail, failureMessageId, feedTypeOf, isActive, isKnownWarning, progressRatio, raisedWarnings, sampleFeed } from './feed-model';
import { FeedReport, WarningItem } from './feed-report';
import { FeedHistoryCard, FeedStatusCard } from './feed-side';
import { MatchTrend } from '../../ui/match-trend';
import { uploadToTicket } from './feed-upload';
import { useFeedPreview, type PreviewState } from './use-feed-preview';
import './order-feed.css';

type Sending = { stage: 'upload'; sent: number; total: number } | { stage: 'start' } | null;

/** How often a running check is read again (SWR refreshInterval). */
const POLL_MS = 1000;

/**
 * /crm/order-feed (spec "Order feed / lead feed"): the verify form, the browser's own first look at
 * a chosen file (a Web Worker), the upload straight to S3, the check as a job (polled), its report,
 * and the side cards (status, health history, help). Lead-feed wording for non-360 companies.
 */
export default function OrderFeedPage() {
  const { user } = useCurrentUser();
  const product = user?.currentCompany.product;
  const kind: FeedKind = product ? feedKindOf(product) : 'order';
  const lead = kind === 'lead';
  const { mutate } = useSWRConfig();
  const t = useT();
  const overview = useRoute(orderFeedOverview);
  const [file, setFile] = useState<File | null>(null);
  // The file a check was started from: its first look (preview) has been superseded by the check.
  const [sentFile, setSentFile] = useState<File | null>(null);
  const [type, setType] = useState<FeedFormat>('xml');
  const [sending, setSending] = useState<Sending>(null);
  const [callFailure, setCallFailure] = useState<unknown>(null);
  const [checkId, setCheckId] = useState<string | null>(null);
  const [initial, setInitial] = useState<FeedFormValues | null>(null);
  const preview = useFeedPreview(file, type, product);

  // The form starts from the last check's view id and the stored feed URL, once; the type is the
  // URL's extension's, else the last check's when it read that same URL, else xml (spec).
  useEffect(() => {
    if (initial || (!overview.data && !overview.error)) return;
    const last = overview.data?.current;
    const url = overview.data?.orderFeedUrl ?? '';
    const sameUrl = last?.source.kind === 'url' && last.source.url === url;
    const type = feedTypeOf(url) ?? (sameUrl ? last.type : 'xml');
    setInitial({ view_id: last?.viewId ?? '', feed_url: url, type });
    setType(type);
  }, [overview.data, overview.error, initial]);

  const shownId = checkId ?? overview.data?.current?.id ?? null;
  const known = overview.data?.current?.id === shownId ? (overview.data?.current ?? undefined) : undefined;
  // A number rather than SWR's function form: that one reads the cache when the timer is set up,
  // and a first answer equal to the fallback (still queued) would never start the timer.
  const [polling, setPolling] = useState(false);
  const check = useRoute(shownId ? orderFeedCheckGet : null, shownId ? { id: shownId } : undefined, {
    fallbackData: known,
    refreshInterval: polling ? POLL_MS : 0,
  });
  const current: FeedCheck | null = check.data ?? null;
  const active = isActive(current);
  if (active !== polling) setPolling(active);

  // A check that ends may have completed status_feed and added a history line: read both again.
  const lastStatus = useRef<string | null>(null);
  useEffect(() => {
    const status = current?.status ?? null;
    if (lastStatus.current && lastStatus.current !== status && !isActive(current)) {
      void mutate(routeKey(integrationStatusList));
      void overview.mutate();
    }
    lastStatus.current = status;
  }, [current, mutate, overview]);

  const submit = async (values: FeedFormValues) => {
    setCallFailure(null);
    setSentFile(file);
    const view_id = values.view_id.trim() || null;
    try {
      let started: FeedCheck;
      if (file) {
        setSending({ stage: 'upload', sent: 0, total: file.size });
        const ticket = await mutateRoute(orderFeedUpload, { body: { fileName: file.name, size: file.size, type: values.type } });
        await uploadToTicket(ticket, file, (sent, total) => setSending({ stage: 'upload', sent, total }));
        setSending({ stage: 'start' });
        started = await mutateRoute(orderFeedCheck, { body: { view_id, type: values.type, feed_url: null, upload_key: ticket.key } });
      } else {
        setSending({ stage: 'start' });
        started = await mutateRoute(orderFeedCheck, { body: { view_id, type: values.type, feed_url: values.feed_url.trim(), upload_key: null } });
      }
      await mutate(routeKey(orderFeedCheckGet, { id: started.id }), started, { revalidate: isActive(started) });
      lastStatus.current = started.status;
      setCheckId(started.id);
    } catch (failure) {
      setCallFailure(failure);
    } finally {
      setSending(null);
    }
  };

  const loading = sending !== null || isActive(current);
  // One story at a time: a chosen file not sent yet (its first look), else a call that failed, else
  // the check (progress, failure or report). The older story steps aside; the history keeps it.
  const unsentFile = file !== null && file !== sentFile;
  const showsCheck = !unsentFile && callFailure === null && sending === null;
  return (
    <div className="page feed-page">
      {/* The route's title: a lead feed for companies other than 360 (i18n/feed-wording.ts). */}
      <PageHeading />
      <div className="feed-layout">
        <div className="feed-main">
          <Card>
            <p className="feed-lead-text">
              <T id="orderFeed.intro" values={{ kind }} />
            </p>
            {initial ? (
              <FeedForm
                initial={initial}
                file={file}
                onFile={(chosen) => {
                  setFile(chosen);
                  setCallFailure(null);
                }}
                loading={loading}
                lead={lead}
                onType={setType}
                onSubmit={(values) => void submit(values)}
              />
            ) : (
              <div className="feed-form-loading">
                <Spinner />
              </div>
            )}
            {overview.error && (
              <Callout tone="danger" title={<T id="orderFeed.loadFailed" />}>
                {overview.error.message}
              </Callout>
            )}
            {callFailure !== null && <CallFailure failure={callFailure} />}
          </Card>
          {unsentFile && preview && <PreviewCard preview={preview} kind={kind} />}
          {sending && <SendingCard sending={sending} />}
          {showsCheck && current && <CheckView check={current} kind={kind} />}
          {showsCheck && check.error && !current && (
            <Callout tone="danger" title={<T id="orderFeed.loadFailed" />}>
              {check.error.message}
            </Callout>
          )}
        </div>
        <aside className="feed-side">
          <FeedStatusCard check={current} lead={lead} />
          <MatchTrend history={overview.data?.history ?? []} kind={kind} now={new Date()} frame="card" texts="orderFeed.match" />
          <FeedHistoryCard history={overview.data?.history ?? []} kind={kind} />
          <HelpCard text="orderFeed.help" />
        </aside>
      </div>
      <DescriptionCard title={<T id={lead ? 'orderFeed.description.titleLead' : 'orderFeed.description.title'} />}>
        <p>
          <T id="orderFeed.description.text" values={{ kind }} />
        </p>
        <p>
          <T id="orderFeed.description.rules" values={{ kind }} />
        </p>
        <pre className="feed-sample" tabIndex={0} role="region" aria-label={t('orderFeed.description.sample')}>
          <code>{sampleFeed(kind)}</code>
        </pre>
      </DescriptionCard>
    </div>
  );
}

/**
 * Why a check failed, in the user's language, then the engine's detail: translated from its key
 * when there is one, else the server's (or the worker's) English message as sent.
 */
function FailureText({ failure }: { failure: FeedCheckFailure | null | undefined }) {
  const detail = failureDetail(failure);
  return (
    <>
      <T id={failureMessageId(failure?.code)} />
      {detail ? (
        <span className="feed-failure-detail">
          {' '}
          {failure?.line ? (
            <>
              <T id="feedError.line" values={{ line: failure.line }} />{' '}
            </>
          ) : null}
          <T id={detail.id} values={detail.values} />
        </span>
      ) : (
        failure?.message && <span className="feed-failure-detail"> {failure.message}</span>
      )}
    </>
  );
}

/** Spec: a call failure shows its message in a red callout. */
function CallFailure({ failure }: { failure: unknown }) {
  const t = useT();
  const field = failure instanceof ApiError ? Object.values(failure.fieldErrors)[0] : undefined;
  const message = field ? t(field as MessageId) : failure instanceof ApiError && failure.status !== 500 ? failure.message : failure instanceof Error ? failure.message : t(errorMessageId(failure));
  return (
    <Callout tone="danger" title={<T id="orderFeed.callFailed" />}>
      {message}
    </Callout>
  );
}

function ProgressBar({ ratio, label }: { ratio: number | null; label: string }) {
  const percent = ratio === null ? undefined : Math.round(ratio * 100);
  return (
    <div
      className={`feed-progress ${ratio === null ? 'feed-progress-unknown' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="feed-progress-bar" style={{ width: ratio === null ? '35%' : `${percent}%` }} />
    </div>
  );
}

function PreviewCard({ preview, kind }: { preview: PreviewState; kind: FeedKind }) {
  const t = useT();
  const size = useFileSize();
  const shown = preview.result ?? preview.first;
  const keys = shown ? raisedWarnings(shown) : [];
  return (
    <Card className="feed-preview" aria-labelledby="feed-preview-title">
      <h2 className="card-title" id="feed-preview-title">
        <T id="orderFeed.preview.title" />
      </h2>
      {preview.status === 'reading' && (
        <>
          <ProgressBar ratio={preview.totalBytes ? preview.bytes / preview.totalBytes : null} label={t('orderFeed.preview.title')} />
          <p className="muted feed-small" role="status">
            <T id="orderFeed.preview.reading" values={{ orders: preview.orders, kind, read: size(preview.bytes), total: size(preview.totalBytes) }} />
          </p>
        </>
      )}
      {preview.status === 'failed' && preview.failure && (
        <Callout tone="warning" title={<T id="orderFeed.preview.failed" />}>
          <FailureText failure={preview.failure} />
        </Callout>
      )}
      {preview.status === 'done' && (
        <p role="status">
          <T id="orderFeed.preview.done" values={{ orders: preview.orders, kind, warnings: keys.length }} />
        </p>
      )}
      {shown && keys.length > 0 && (
        <>
          <p className="feed-small muted">
            <T id={preview.status === 'done' ? 'orderFeed.preview.allFindings' : 'orderFeed.preview.firstFindings'} />
          </p>
          <ul className="feed-warnings feed-warnings-compact" data-testid="preview-findings">
            {keys.filter(isKnownWarning).map((key) => (
              <WarningItem key={key} warningKey={key} kind={kind} count={shown.counts[key] ?? 0} examples={shown.errors[key] ?? []} compact />
            ))}
          </ul>
        </>
      )}
      {shown && keys.length === 0 && preview.status === 'reading' && (
        <p className="feed-small muted">
          <T id="orderFeed.preview.nothingYet" />
        </p>
      )}
      <p className="feed-small muted">
        <T id="orderFeed.preview.note" />
      </p>
    </Card>
  );
}

function SendingCard({ sending }: { sending: NonNullable<Sending> }) {
  const t = useT();
  const size = useFileSize();
  return (
    <Card className="feed-running">
      {sending.stage === 'upload' ? (
        <>
          <h2 className="card-title">
            <T id="orderFeed.upload.title" />
          </h2>
          <ProgressBar ratio={sending.total ? sending.sent / sending.total : null} label={t('orderFeed.upload.title')} />
          <p className="muted feed-small">
            <T id="orderFeed.upload.progress" values={{ sent: size(sending.sent), total: size(sending.total) }} />
          </p>
        </>
      ) : (
        <p role="status">
          <T id="orderFeed.upload.starting" />
        </p>
      )}
    </Card>
  );
}

/** A check: its progress while queued or running, its failure, or its report. */
function CheckView({ check, kind }: { check: FeedCheck; kind: FeedKind }) {
  const t = useT();
  const intl = useIntl();
  const size = useFileSize();
  if (isActive(check)) {
    const ratio = progressRatio(check.progress);
    return (
      <Card className="feed-running" aria-labelledby="feed-running-title">
        <h2 className="card-title" id="feed-running-title">
          <T id={check.status === 'queued' ? 'orderFeed.running.queued' : 'orderFeed.running.title'} />
        </h2>
        <ProgressBar ratio={ratio} label={t('orderFeed.running.title')} />
        <p className="muted feed-small" role="status">
          {check.progress.totalBytes ? (
            <T id="orderFeed.running.progress" values={{ read: size(check.progress.bytes), total: size(check.progress.totalBytes), orders: check.progress.orders, kind }} />
          ) : (
            <T id="orderFeed.running.progressUnknown" values={{ read: size(check.progress.bytes), orders: check.progress.orders, kind }} />
          )}
        </p>
        <p className="feed-small muted">
          <T id="orderFeed.running.note" />
        </p>
      </Card>
    );
  }
  if (check.status === 'failed') {
    return (
      <Callout tone="danger" title={<T id="orderFeed.failed" values={{ kind }} />}>
        <FailureText failure={check.failure} />
      </Callout>
    );
  }
  if (!check.result) return null;
  return (
    <>
      <p className="feed-checked-at muted feed-small">
        <T
          id="orderFeed.checkedAt"
          values={{
            source: check.source.kind === 'upload' ? check.source.fileName : check.source.url,
            date: formatPortalDate(intl, check.finishedAt ?? check.updatedAt, true),
          }}
        />
      </p>
      {/* Not the company's stored feed URL: the report, but the step is not changed (older checks have no field). */}
      <OtherResourceNotice other={check.otherResource} />
      <FeedReport result={check.result} kind={kind} checkId={check.id} {...(check.failingRows ? { failingRows: check.failingRows } : {})} />
    </>
  );
}
