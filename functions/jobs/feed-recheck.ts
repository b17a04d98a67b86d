/**
 * Daily feed re-check (EventBridge target). Placeholder: the re-check itself (fetch every
 * stored order feed URL, keep the history, alert the integration team) comes with its own
 * issue. Until then the scheduled run only records that it happened.
 */
export const handler = async (): Promise<{ status: 'not-implemented' }> => {
  console.log(JSON.stringify({ level: 'warn', job: 'feed-recheck', message: 'Feed re-check is not built yet; nothing checked.' }));
  return { status: 'not-implemented' };
};
