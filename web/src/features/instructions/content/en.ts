import type { InstructionLibrary } from './types';

export const en: InstructionLibrary = {
  adobe_analytics: {
    description:
      'Send us your Adobe Analytics hit data as daily files. Each file holds the previous day, so the attribution platform always works on complete days.',
    blocks: [
      { kind: 'title', text: '1. Create a data feed' },
      {
        kind: 'text',
        text: 'In Adobe Analytics, open Admin > Data Feeds and add a feed for the report suite of your website. Choose a daily schedule: every file covers the previous day (midnight to midnight in the report suite time zone) and arrives the next morning.',
      },
      { kind: 'title', text: '2. Deliver it to our drop zone' },
      {
        kind: 'text',
        text: 'Choose SFTP as the destination. Our integration team sends you the host, the folder and a login for your company once you confirm this step; keep the compression (gzip) and the file names Adobe proposes.',
      },
      {
        kind: 'table',
        caption: 'Columns the feed must contain',
        head: ['Column', 'Why we need it'],
        rows: [
          ['hit_time_gmt, date_time', 'when each hit happened'],
          ['post_visid_high, post_visid_low, visit_num', 'to rebuild visitors and visits'],
          ['post_campaign, post_referrer, post_page_url', 'where the visit came from (UTM parameters included)'],
          ['post_purchaseid, post_product_list, post_event_list', 'orders, their products and revenue'],
          ['exclude_hit, hit_source', 'to drop the hits Adobe itself excludes'],
        ],
      },
      { kind: 'image', src: '/instructions/adobe-feed.svg', alt: 'Adobe data feed: one file per day, delivered the next morning to the SFTP drop zone', caption: 'One file a day, each for the previous day' },
      {
        kind: 'text',
        text: 'Backfill: ask for the last 90 days once when you create the feed; the platform needs that history to learn your customer journeys.',
      },
    ],
  },
  matomo_analytics: {
    description: 'Give the attribution platform read access to your Matomo site through an API token: we fetch visits and goals every night.',
    blocks: [
      { kind: 'title', text: '1. Create a user for us' },
      {
        kind: 'text',
        text: 'In Matomo, go to Administration > System > Users and invite a user with the e-mail address our team gives you. Give it the "view" access on your website only: it cannot change anything.',
      },
      { kind: 'title', text: '2. Create its API token' },
      {
        kind: 'text',
        text: 'Signed in as that user, open Administration > Personal > Security and create an auth token (token_auth) named after the platform. Matomo shows it once: copy it.',
      },
      {
        kind: 'code',
        caption: 'The call we make with it (you can try it to check the token)',
        code: 'curl -s "https://matomo.example.com/index.php" \\\n  -d module=API -d method=Live.getLastVisitsDetails \\\n  -d idSite=1 -d period=day -d date=yesterday -d format=JSON \\\n  -d token_auth=YOUR_TOKEN',
      },
      {
        kind: 'list',
        items: [
          'the address of your Matomo (for example https://matomo.example.com)',
          'the site id (idSite) of your website',
          'the token, sent to our team by e-mail, never in a shared document',
        ],
      },
      { kind: 'text', text: 'Revoking the token in Matomo stops our access at once.' },
    ],
  },
  firebase_analytics: {
    description: 'For apps measured with Firebase (Google Analytics for Firebase), two custom dimensions and two event names let the platform link app sessions to your orders.',
    blocks: [
      { kind: 'title', text: '1. Register two custom dimensions' },
      {
        kind: 'table',
        caption: 'In Firebase console > Analytics > Custom definitions',
        head: ['Dimension', 'Scope', 'Value'],
        rows: [
          ['applicationID', 'User', 'the id of the app installation (the same one your back end stores with each order)'],
          ['sessionCount', 'Event', 'the number of the session in which the event happens (1, 2, 3…)'],
        ],
      },
      { kind: 'title', text: '2. Name the two events' },
      {
        kind: 'text',
        text: 'Tell us the names of the two events your app logs: the one sent when a session starts, and the one sent when an order is placed (for example session_start and purchase). Both must carry the two dimensions above.',
      },
      {
        kind: 'code',
        caption: 'Example in Kotlin',
        code: 'firebaseAnalytics.setUserProperty("applicationID", installationId)\nfirebaseAnalytics.logEvent("purchase") {\n    param("sessionCount", sessionCount.toLong())\n    param(FirebaseAnalytics.Param.TRANSACTION_ID, orderId)\n}',
      },
      { kind: 'text', text: 'Then link Firebase to BigQuery (Project settings > Integrations) so the events can be exported daily.' },
    ],
  },
  piano_analytics: {
    description: 'Piano Analytics (formerly AT Internet) shares its data through its Data Query API with an API key pair of a user who can read your site.',
    blocks: [
      { kind: 'title', text: '1. Create an API key' },
      {
        kind: 'text',
        text: 'In Piano Analytics, open your profile > API Keys and create a key. Piano shows an access key and a secret key: the secret is shown only once.',
      },
      { kind: 'title', text: '2. Give read access to your site' },
      { kind: 'text', text: 'The user owning the key needs read access to the site (site id) of your website; no other right is needed.' },
      {
        kind: 'code',
        caption: 'A request the platform sends every night',
        code: 'curl -s https://api.atinternet.io/v3/data/getData \\\n  -H "x-api-key: ACCESS_KEY_SECRET_KEY" \\\n  -d \'{"columns":["visit_id","src","src_campaign","transaction_id"],"space":{"s":[123456]},"period":{"p1":[{"type":"R","granularity":"D","offset":-1}]}}\'',
      },
      { kind: 'list', items: ['your site id', 'the access key and the secret key, sent to our team by e-mail'] },
    ],
  },
  salesforce_crm: {
    description:
      'The platform reads your orders from Salesforce with a custom report, through a connected app that signs in with the OAuth 2.0 JWT bearer flow (no password is shared).',
    blocks: [
      { kind: 'title', text: '1. Create the connected app' },
      {
        kind: 'list',
        items: [
          'Setup > App Manager > New Connected App; enable OAuth settings.',
          'Upload the certificate our team sends you (Use digital signatures): the platform signs its requests with the matching private key.',
          'Scopes: "Access the identity URL service" and "Manage user data via APIs (api)".',
          'Policies: Permitted Users "Admin approved users are pre-authorized", and add the profile or permission set of the integration user.',
        ],
      },
      {
        kind: 'code',
        caption: 'How the platform signs in (JWT bearer flow)',
        code: 'POST https://login.salesforce.com/services/oauth2/token\ngrant_type=urn:ietf:params:oauth:grant-type:jwt-bearer\nassertion=<JWT signed with our key: iss=consumer key, sub=integration user, aud=https://login.salesforce.com>',
      },
      { kind: 'title', text: '2. Build the custom report' },
      {
        kind: 'table',
        caption: 'Columns of the report, in this order',
        head: ['Column', 'Content'],
        rows: [
          ['order_id', 'the order id, the same one as in your web analytics'],
          ['state', 'new, wait, cancel, refuse, return, partial_return or done'],
          ['date', 'creation date and time: YYYY-MM-DD HH:MM:SS'],
          ['price', 'order amount without taxes and delivery'],
          ['newclient', 'true or false, always filled'],
          ['utm_source', 'the UTM source of the order'],
          ['utm_medium', 'the UTM medium of the order'],
          ['utm_campaign', 'the UTM campaign of the order'],
        ],
      },
      {
        kind: 'list',
        items: [
          'At least one of utm_source, utm_medium and utm_campaign is filled on every row.',
          'newclient is always true or false, never empty.',
          'price excludes taxes and delivery costs.',
          'The report covers the orders created or changed in the last 7 days.',
        ],
      },
      { kind: 'file', label: 'Sample report (CSV)', href: '/instructions/salesforce-report-sample.csv', note: 'three orders laid out as the platform expects them' },
    ],
  },
};
