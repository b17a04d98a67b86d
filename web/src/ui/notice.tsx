import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { T, useT } from '../i18n/t';
import { dismissNotice, useNotice } from '../lib/notice';
import { Callout } from './callout';

/**
 * Where lib/notice.ts's notices appear: an always-present role=status region (a live region must
 * exist before its text changes to be announced). A notice stays until closed or until the user
 * goes to another page than the one it was shown on.
 */
export function NoticeHost() {
  const notice = useNotice();
  const { pathname } = useLocation();
  const t = useT();
  const shownOn = useRef<{ seq: number; pathname: string } | null>(null);
  const region = useRef<HTMLDivElement>(null);
  // Before the navigation that follows a save has landed, the page is still the form's.
  const here = notice && (!notice.path || notice.path === pathname);
  useEffect(() => {
    if (!notice) return;
    if (here && shownOn.current?.seq !== notice.seq) {
      shownOn.current = { seq: notice.seq, pathname };
      // The list a save returns to may open scrolled down (the form's scroll): bring the notice into view.
      region.current?.scrollIntoView?.({ block: 'center' });
    }
    else if (shownOn.current?.seq === notice.seq && shownOn.current.pathname !== pathname) dismissNotice();
  }, [notice, here, pathname]);
  return (
    <div ref={region} className="notice-host" role="status">
      {notice && here && (
        <div className="notice">
          <Callout tone="success" live={false}>
            <T id={notice.id} values={notice.values} />
          </Callout>
          <button type="button" className="notice-close" aria-label={t('notice.close')} onClick={dismissNotice}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
