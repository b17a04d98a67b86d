import { createHash } from 'node:crypto';
import { sourceNameKey } from '../../shared/domain/sources';
import { utmRuleKey } from '../../shared/domain/utm-overlap';
import type { UtmRule } from '../../shared/domain/utm-matching';
import type { FeedCsvFileKind } from '../../shared/domain/order-feed';

/**
 * THE key formats of the single table (docs/architecture.md, "Data"). No other module builds or
 * parses a key: repositories call these, everything else sees plain entities.
 */

export interface Key {
  pk: string;
  sk: string;
}

/**
 * The highest code point, U+10FFFF: its UTF-8 bytes (F4 8F BF BF) sort after every other
 * character's, on DynamoDB and DynamoDB Local alike (both compare a key's UTF-8 bytes). A prefix
 * read ends at `<prefix>U+10FFFF` (functions/data/table.ts `prefixRange`), which takes every key
 * that starts with the prefix only while no key holds this character after one: `keyText` drops it.
 */
export const KEY_TEXT_END = '\u{10ffff}';

/**
 * THE normaliser of the text a key holds (a name, a login, a list row's value): without U+10FFFF (a
 * noncharacter, never meant for interchange), so a prefix read's end is exact.
 */
const keyText = (value: string): string => value.replaceAll(KEY_TEXT_END, '');

/** Logins and company names are unique case-insensitively. */
const normalize = (value: string): string => keyText(value).trim().toLowerCase();

/** `<name>(companyId, id)` and `<name>Prefix` for an item kind kept in the company's partition. */
function childKeys<N extends string, P extends string>(name: N, prefix: P) {
  return {
    [name]: (companyId: string, id: string): Key => ({ pk: `COMPANY#${companyId}`, sk: `${prefix}${id}` }),
    [`${name}Prefix`]: prefix,
  } as { [K in N]: (companyId: string, id: string) => Key } & { [K in `${N}Prefix`]: P };
}

export const keys = {
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'USER' }),
  /** Guard item: its existence reserves a login (written in the same transaction as the user). */
  loginGuard: (login: string): Key => ({ pk: `LOGIN#${normalize(login)}`, sk: 'LOGIN' }),

  company: (companyId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: 'META' }),
  /**
   * A user points at this company (main, managed or current): one row per company and user, in the
   * company's own reference partition (functions/data/users.ts `referenceCompanies`), so a company's
   * deletion finds its users with one Query, whatever the platform's size.
   */
  companyUser: (companyId: string, userId: string): Key => ({ pk: `COMPANY_USERS#${companyId}`, sk: `USER#${userId}` }),
  companyUsersPartition: (companyId: string): string => `COMPANY_USERS#${companyId}`,
  companyPartition: (companyId: string): string => `COMPANY#${companyId}`,
  companyNameGuard: (name: string): Key => ({ pk: `COMPANY_NAME#${normalize(name)}`, sk: 'COMPANY_NAME' }),
  /** Guard item: reserves a View ID for one company (`companyId`), written in the company's transaction. */
  viewIdGuard: (viewId: string): Key => ({ pk: `VIEWID#${viewId.trim()}`, sk: 'VIEWID' }),

  step: (companyId: string, stepType: string): Key => ({ pk: `COMPANY#${companyId}`, sk: `STEP#${stepType}` }),
  stepPrefix: 'STEP#',

  // The rest of a company's partition (docs/architecture.md, "Data"): one Query per page, its sort keys from the prefix on (`prefixRange`).
  ...childKeys('source', 'SOURCE#'),
  /** Guard item: reserves a source id (a client-made UUID) across all companies, written in the source's transaction. */
  sourceIdGuard: (id: string): Key => ({ pk: `SOURCE_ID#${id.toLowerCase()}`, sk: 'SOURCE_ID' }),
  /** Guard item in the company's partition: reserves a source name (as `sourceNameKey` compares them), holds the owner's `sourceId`. */
  sourceNameGuard: (companyId: string, name: string): Key => ({ pk: `COMPANY#${companyId}`, sk: `SOURCE_NAME#${keyText(sourceNameKey(name))}` }),
  ...childKeys('rule', 'RULE#'),
  /**
   * Guard item in the company's partition: reserves a UTM rule's conditions (as `utmRuleKey`
   * compares them, whatever the source), holds the owner's `ruleId`. Hashed: three values of up to
   * 200 characters would not fit a sort key.
   */
  ruleGuard: (companyId: string, rule: UtmRule): Key => ({
    pk: `COMPANY#${companyId}`,
    // Stryker disable next-line StringLiteral: hash.update's encoding defaults to UTF-8 ('' is the same); the prefix is pinned by keys.test.ts
    sk: `RULE_KEY#${createHash('sha256').update(utmRuleKey(rule), 'utf8').digest('hex').slice(0, 32)}`,
  }),
  ...childKeys('traffic', 'TRAFFIC#'),
  /** When the company's traffic was last imported from its analytics property (outside the `TRAFFIC#` prefix: no row). */
  /**
   * The counts of the company's traffic (combinations and sessions, linked or not), re-counted by
   * each change of the traffic or its links (functions/core/traffic/links.ts): the page reads them,
   * not every combination.
   */
  trafficSummary: (companyId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: 'TRAFFICSUMMARY' }),
  trafficImport: (companyId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: 'TRAFFICIMPORT' }),
  /** The company's relink state (functions/data/traffic-relink.ts): changes asked, changes done, the job's lease and cursor. */
  trafficRelink: (companyId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: 'TRAFFICRELINK' }),
  ...childKeys('collector', 'COLLECTOR#'),
  ...childKeys('commission', 'COMMISSION#'),
  /** Shared guard item in the company's partition: the one commission type of a source, held by its commissions' ids (functions/data/guards.ts). */
  commissionTypeGuard: (companyId: string, sourceId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: `COMMISSION_TYPE#${sourceId}` }),
  ...childKeys('meeting', 'MEETING#'),
  /** A company API token (functions/data/api-tokens.ts): its name, expiry and the SHA-256 of its secret, never the secret. */
  ...childKeys('apiToken', 'APITOKEN#'),
  /** A webhook endpoint (functions/data/webhooks.ts): its URL, format, events and signing secrets. */
  ...childKeys('webhook', 'WEBHOOK#'),
  /** One try of a delivery to an endpoint, newest last: `WEBHOOKLOG#<webhook id>#<ISO time>#<delivery id>#<try>`; expires. */
  webhookAttempt: (companyId: string, webhookId: string, at: string, deliveryId: string, attempt: number): Key => ({
    pk: `COMPANY#${companyId}`,
    sk: `WEBHOOKLOG#${webhookId}#${at}#${deliveryId}#${String(attempt).padStart(2, '0')}`,
  }),
  webhookAttemptPrefix: (webhookId: string): string => `WEBHOOKLOG#${webhookId}#`,
  /** A feed check (docs/order-feed.md): ids are time-ordered, so the partition lists them oldest first. */
  ...childKeys('feedCheck', 'FEEDCHECK#'),
  /** One line of the feed's history: `<finished ISO time>#<check id>`, newest last. */
  ...childKeys('feedHistory', 'FEEDHIST#'),
  /** The daily re-check mailed the team about this check's regression (once; expires with `expiresAt`). */
  ...childKeys('feedAlert', 'FEEDALERT#'),
  /** The "one check at a time" marker of a company: exists while a check is queued or running. */
  feedCheckRunning: (companyId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: 'FEEDRUN' }),
  /** The last analytics check of one kind (`access` | `dimension`): overwritten by each check. */
  lastAnalyticsCheck: (companyId: string, kind: string): Key => ({ pk: `COMPANY#${companyId}`, sk: `GACHECK#${kind}` }),
  lastAnalyticsCheckPrefix: 'GACHECK#',
  /** One day's data-health result of one kind (docs/product.md, "Data health"): `HEALTH#<YYYY-MM-DD>#<kind>`, expires after 90 days. */
  healthDay: (companyId: string, day: string, kind: string): Key => ({ pk: `COMPANY#${companyId}`, sk: `HEALTH#${day}#${kind}` }),
  healthDayPrefix: 'HEALTH#',
  /** The company's current data health and its alert state (what was last mailed), overwritten by each daily run. */
  healthState: (companyId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: 'HEALTHSTATE' }),
  /** The volume kind's daily counts (orders, sessions) of the last 5 weeks: one item. */
  healthVolume: (companyId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: 'HEALTHVOLUME' }),
  /** S3 (feed bucket): every upload of a company sits under this prefix, so deleting the company empties it. */
  feedUploadPrefix: (companyId: string): string => `feeds/${companyId}/`,
  /** One uploaded feed file: `feeds/<companyId>/<uuid>.<xml|csv>`. */
  feedUpload: (companyId: string, id: string, extension: string): string => `feeds/${companyId}/${id}.${extension}`,
  /**
   * A check's CSV file (every failing row, the tested day's missing ids):
   * `feeds/<companyId>/<failing-rows|missing-ids>/<checkId>.csv` (folders no upload key can name).
   */
  feedCsvFile: (companyId: string, file: FeedCsvFileKind, checkId: string): string => `feeds/${companyId}/${file}/${checkId}.csv`,

  /** The token itself is never stored: only its SHA-256 hash. */
  passwordReset: (tokenHash: string): Key => ({ pk: `RESET#${tokenHash}`, sk: 'RESET' }),
  /**
   * An attempt counter (sign-in failures, reset mails) of one subject in one fixed time window;
   * the subject (a login, a client address) is hashed so no personal data sits in the key.
   */
  /**
   * A write's Idempotency-Key (functions/data/idempotency.ts): per user and company, so another
   * user's or another company's key never replays this one's answer. Expires with `expiresAt`.
   */
  idempotencyKey: (userId: string, companyId: string, key: string): Key => ({ pk: `IDEMPOTENCY#${userId}`, sk: `KEY#${companyId}#${key}` }),
  throttle: (scope: string, subjectHash: string, window: number): Key => ({ pk: `THROTTLE#${scope}#${subjectHash}`, sk: `W#${window}` }),
  /** A first-sign-in challenge the portal handed out (hash of Cognito's session string). */
  signInChallenge: (sessionHash: string): Key => ({ pk: `CHALLENGE#${sessionHash}`, sk: 'CHALLENGE' }),
  /** Platform-wide, outside company partitions: listed through gsi1.defaultCollectors. */
  defaultCollector: (id: string): Key => ({ pk: `DEFAULT_COLLECTOR#${id.toLowerCase()}`, sk: 'DEFAULT_COLLECTOR' }),
  /**
   * One audit record (functions/data/audit.ts): the record's history is its partition. `seq` is
   * `V<version after the change>` for versioned records, so a change can be recorded once only,
   * else `T<ISO time>#<random>`.
   */
  audit: (kind: string, recordId: string, seq: string): Key => ({ pk: `AUDIT#${kind}#${recordId}`, sk: seq }),
  /** An address SES reported as bounced hard or complaining: no mail goes to it (functions/platform/mailer.ts). */
  mailSuppression: (address: string): Key => ({ pk: `SUPPRESSED#${normalize(address)}`, sk: 'SUPPRESSED' }),
  /** One item: the translation overrides of the three languages (one conditional write). */
  translations: (): Key => ({ pk: 'TRANSLATIONS', sk: 'OVERRIDES' }),
  /** One delivery of the outbox (a mail; later a webhook call): recorded before it is sent (functions/data/outbox.ts). */
  outbox: (id: string): Key => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' }),
};

/** The admin lists kept in sort-index rows (functions/data/list-rows.ts). */
export type ListName = 'users' | 'companies' | 'report' | 'default-collectors';

/** A company's own lists kept in sort-index rows: their rows sit in the company's partition. */
type CompanyListName = 'traffic' | 'rules' | 'collectors' | 'sources' | 'commissions';

/** A list of the platform (its own partitions) or of one company (rows in the company's partition). */
export type ListRef = ListName | { name: CompanyListName; companyId: string };

/**
 * A row's sort value as the index compares it: trimmed, any case, cut to fit a sort key (not inside
 * a surrogate pair: a lone half is no character, its bytes would be the encoder's guess).
 */
const listValue = (value: string): string => normalize(value).slice(0, 200).replace(/[\ud800-\udbff]$/, '');

/** Where the rows of one sort order of a list sit: their partition and the sort-key prefix they share. */
const listPlace = (list: ListRef, sort: string): { pk: string; prefix: string } =>
  typeof list === 'string' ? { pk: `LIST#${list}#${sort}`, prefix: '' } : { pk: `COMPANY#${list.companyId}`, prefix: `LIST#${list.name}#${sort}#` };

/**
 * The sort-index rows of the lists (docs/architecture.md, "Admin lists"): one partition per admin
 * list and sort order, `LIST#<list>#<sort>`, sorted by `<value>\u0001<id>` (the id breaks ties; the
 * control character sorts before any character a value may hold, so "ab" comes before "ab c"). A
 * company's lists (its traffic) keep their rows in the company's partition under
 * `LIST#<list>#<sort>#`, so deleting the company deletes them and no other company's row is reachable.
 */
export const listRows = {
  partition: (list: ListName, sort: string): string => listPlace(list, sort).pk,
  place: listPlace,
  // An empty value (no View ID yet) sorts after every text ascending: U+FFFF's UTF-8 bytes come after any other character's but a few rare ones.
  row: (list: ListRef, sort: string, value: string, id: string): Key => {
    const { pk, prefix } = listPlace(list, sort);
    return { pk, sk: `${prefix}${listValue(value) || '\uffff'}\u0001${id}` };
  },
};

/** GSI1 serves the admin lists: one partition per entity kind, sorted by a display key. */
export const gsi1 = {
  indexName: 'gsi1',
  users: { pk: 'USERS', sk: (login: string) => normalize(login) },
  companies: { pk: 'COMPANIES', sk: (name: string) => normalize(name) },
  defaultCollectors: { pk: 'DEFAULT_COLLECTORS', sk: (name: string, id: string) => `${normalize(name)}#${id.toLowerCase()}` },
  /**
   * The outbox's deliveries still to send (`pending`, by when they are due: the sweep reads the due
   * ones, oldest first) and given up (`dead`, by when they died). A sent delivery leaves the index.
   */
  outbox: { pk: (state: 'pending' | 'dead') => `OUTBOX#${state}`, sk: (at: string, id: string) => `${at}#${id}` },
};

/**
 * GSI2 also finds the platform team's company (isDefault): its record alone carries this sparse
 * key, sorted by creation (the oldest first, should there be several), so the lookup is one Query
 * of one item kept by DynamoDB with the record itself.
 */
export const defaultCompanyIndex = {
  indexName: 'gsi2',
  pk: 'DEFAULT_COMPANY',
  sk: (created: string, id: string) => `${created}#${id}`,
};

/**
 * The audit history's three reads, each sorted by `<ISO time>#<kind>#<record id>` (newest first):
 * gsi1 the history shown on a user's or a company's edit page (`of`: `user#<id>`, `company#<id>`,
 * `platform`), gsi2 the changes one user made, gsi3 all changes by time (one partition: an
 * administrator's read over a portal's changes, far under a partition's write limit).
 */
export const auditIndexes = {
  sk: (at: string, kind: string, recordId: string) => `${at}#${kind}#${recordId}`,
  of: { indexName: 'gsi1', pk: (subject: string) => `AUDIT_OF#${subject}` },
  by: { indexName: 'gsi2', pk: (userId: string) => `AUDIT_BY#${userId}` },
  all: { indexName: 'gsi3', pk: 'AUDIT' },
};

export { normalize as normalizeUnique };
