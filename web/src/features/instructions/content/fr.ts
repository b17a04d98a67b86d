import type { InstructionLibrary } from './types';

export const fr: InstructionLibrary = {
  adobe_analytics: {
    description:
      'Envoyez-nous vos données de hits Adobe Analytics sous forme de fichiers quotidiens. Chaque fichier contient la veille : la plateforme d’attribution travaille toujours sur des journées complètes.',
    blocks: [
      { kind: 'title', text: '1. Créer un flux de données' },
      {
        kind: 'text',
        text: 'Dans Adobe Analytics, ouvrez Admin > Data Feeds et ajoutez un flux pour la suite de rapports de votre site. Choisissez une planification quotidienne : chaque fichier couvre la veille (de minuit à minuit dans le fuseau de la suite) et arrive le lendemain matin.',
      },
      { kind: 'title', text: '2. Le livrer sur notre espace de dépôt' },
      {
        kind: 'text',
        text: 'Choisissez SFTP comme destination. Notre équipe d’intégration vous envoie l’hôte, le dossier et un identifiant pour votre société dès que vous confirmez cette étape ; gardez la compression (gzip) et les noms de fichiers proposés par Adobe.',
      },
      {
        kind: 'table',
        caption: 'Colonnes que le flux doit contenir',
        head: ['Colonne', 'Pourquoi nous en avons besoin'],
        rows: [
          ['hit_time_gmt, date_time', 'le moment de chaque hit'],
          ['post_visid_high, post_visid_low, visit_num', 'pour reconstituer visiteurs et visites'],
          ['post_campaign, post_referrer, post_page_url', 'la provenance de la visite (paramètres UTM compris)'],
          ['post_purchaseid, post_product_list, post_event_list', 'les commandes, leurs produits et leur chiffre d’affaires'],
          ['exclude_hit, hit_source', 'pour écarter les hits qu’Adobe exclut lui-même'],
        ],
      },
      { kind: 'image', src: '/instructions/adobe-feed.svg', alt: 'Flux Adobe : un fichier par jour, livré le lendemain matin sur l’espace SFTP', caption: 'Un fichier par jour, chacun pour la veille' },
      {
        kind: 'text',
        text: 'Historique : demandez une fois les 90 derniers jours à la création du flux ; la plateforme en a besoin pour apprendre les parcours de vos clients.',
      },
    ],
  },
  matomo_analytics: {
    description: 'Donnez à la plateforme d’attribution un accès en lecture à votre site Matomo grâce à un jeton d’API : nous récupérons visites et objectifs chaque nuit.',
    blocks: [
      { kind: 'title', text: '1. Créer un utilisateur pour nous' },
      {
        kind: 'text',
        text: 'Dans Matomo, allez dans Administration > Système > Utilisateurs et invitez un utilisateur avec l’adresse e-mail que notre équipe vous donne. Donnez-lui l’accès « vue » sur votre site uniquement : il ne peut rien modifier.',
      },
      { kind: 'title', text: '2. Créer son jeton d’API' },
      {
        kind: 'text',
        text: 'Connecté avec cet utilisateur, ouvrez Administration > Personnel > Sécurité et créez un jeton d’authentification (token_auth) au nom de la plateforme. Matomo ne l’affiche qu’une fois : copiez-le.',
      },
      {
        kind: 'code',
        caption: 'L’appel que nous faisons avec (vous pouvez l’essayer pour vérifier le jeton)',
        code: 'curl -s "https://matomo.example.com/index.php" \\\n  -d module=API -d method=Live.getLastVisitsDetails \\\n  -d idSite=1 -d period=day -d date=yesterday -d format=JSON \\\n  -d token_auth=VOTRE_JETON',
      },
      {
        kind: 'list',
        items: [
          'l’adresse de votre Matomo (par exemple https://matomo.example.com)',
          'l’identifiant de site (idSite) de votre site',
          'le jeton, envoyé à notre équipe par e-mail, jamais dans un document partagé',
        ],
      },
      { kind: 'text', text: 'Révoquer le jeton dans Matomo coupe notre accès immédiatement.' },
    ],
  },
  firebase_analytics: {
    description: 'Pour les applications mesurées avec Firebase (Google Analytics pour Firebase), deux dimensions personnalisées et deux noms d’événements permettent de relier les sessions de l’application à vos commandes.',
    blocks: [
      { kind: 'title', text: '1. Déclarer deux dimensions personnalisées' },
      {
        kind: 'table',
        caption: 'Dans la console Firebase > Analytics > Définitions personnalisées',
        head: ['Dimension', 'Portée', 'Valeur'],
        rows: [
          ['applicationID', 'Utilisateur', 'l’identifiant de l’installation de l’application (celui que votre back-office enregistre avec chaque commande)'],
          ['sessionCount', 'Événement', 'le numéro de la session dans laquelle l’événement a lieu (1, 2, 3…)'],
        ],
      },
      { kind: 'title', text: '2. Nommer les deux événements' },
      {
        kind: 'text',
        text: 'Indiquez-nous le nom des deux événements que votre application envoie : celui du début de session et celui de la commande (par exemple session_start et purchase). Tous deux doivent porter les deux dimensions ci-dessus.',
      },
      {
        kind: 'code',
        caption: 'Exemple en Kotlin',
        code: 'firebaseAnalytics.setUserProperty("applicationID", installationId)\nfirebaseAnalytics.logEvent("purchase") {\n    param("sessionCount", sessionCount.toLong())\n    param(FirebaseAnalytics.Param.TRANSACTION_ID, orderId)\n}',
      },
      { kind: 'text', text: 'Reliez ensuite Firebase à BigQuery (Paramètres du projet > Intégrations) pour que les événements soient exportés chaque jour.' },
    ],
  },
  piano_analytics: {
    description: 'Piano Analytics (anciennement AT Internet) partage ses données via son API Data Query, avec une paire de clés d’un utilisateur qui peut lire votre site.',
    blocks: [
      { kind: 'title', text: '1. Créer une clé d’API' },
      {
        kind: 'text',
        text: 'Dans Piano Analytics, ouvrez votre profil > Clés API et créez une clé. Piano affiche une clé d’accès et une clé secrète : la clé secrète n’est affichée qu’une fois.',
      },
      { kind: 'title', text: '2. Donner l’accès en lecture à votre site' },
      { kind: 'text', text: 'L’utilisateur propriétaire de la clé doit pouvoir lire le site (identifiant de site) de votre site web ; aucun autre droit n’est nécessaire.' },
      {
        kind: 'code',
        caption: 'Une requête que la plateforme envoie chaque nuit',
        code: 'curl -s https://api.atinternet.io/v3/data/getData \\\n  -H "x-api-key: CLE-ACCES_CLE-SECRETE" \\\n  -d \'{"columns":["visit_id","src","src_campaign","transaction_id"],"space":{"s":[123456]},"period":{"p1":[{"type":"R","granularity":"D","offset":-1}]}}\'',
      },
      { kind: 'list', items: ['votre identifiant de site', 'la clé d’accès et la clé secrète, envoyées à notre équipe par e-mail'] },
    ],
  },
  salesforce_crm: {
    description:
      'La plateforme lit vos commandes dans Salesforce grâce à un rapport personnalisé, via une application connectée qui s’authentifie avec le flux OAuth 2.0 JWT bearer (aucun mot de passe n’est partagé).',
    blocks: [
      { kind: 'title', text: '1. Créer l’application connectée' },
      {
        kind: 'list',
        items: [
          'Configuration > Gestionnaire d’applications > Nouvelle application connectée ; activez les paramètres OAuth.',
          'Chargez le certificat que notre équipe vous envoie (Utiliser des signatures numériques) : la plateforme signe ses requêtes avec la clé privée correspondante.',
          'Portées : « Accéder au service d’URL d’identité » et « Gérer les données utilisateur via les API (api) ».',
          'Politiques : Utilisateurs autorisés « Les utilisateurs approuvés par l’administrateur sont pré-autorisés », puis ajoutez le profil ou l’ensemble d’autorisations de l’utilisateur d’intégration.',
        ],
      },
      {
        kind: 'code',
        caption: 'Comment la plateforme s’authentifie (flux JWT bearer)',
        code: 'POST https://login.salesforce.com/services/oauth2/token\ngrant_type=urn:ietf:params:oauth:grant-type:jwt-bearer\nassertion=<JWT signé avec notre clé : iss=clé consommateur, sub=utilisateur d’intégration, aud=https://login.salesforce.com>',
      },
      { kind: 'title', text: '2. Construire le rapport personnalisé' },
      {
        kind: 'table',
        caption: 'Colonnes du rapport, dans cet ordre',
        head: ['Colonne', 'Contenu'],
        rows: [
          ['order_id', 'l’identifiant de commande, le même que dans votre outil d’analyse'],
          ['state', 'new, wait, cancel, refuse, return, partial_return ou done'],
          ['date', 'date et heure de création : AAAA-MM-JJ HH:MM:SS'],
          ['price', 'montant de la commande hors taxes et hors livraison'],
          ['newclient', 'true ou false, toujours renseigné'],
          ['utm_source', 'la source UTM de la commande'],
          ['utm_medium', 'le support UTM de la commande'],
          ['utm_campaign', 'la campagne UTM de la commande'],
        ],
      },
      {
        kind: 'list',
        items: [
          'Au moins un des champs utm_source, utm_medium et utm_campaign est renseigné sur chaque ligne.',
          'newclient vaut toujours true ou false, jamais vide.',
          'price exclut les taxes et les frais de livraison.',
          'Le rapport couvre les commandes créées ou modifiées ces 7 derniers jours.',
        ],
      },
      { kind: 'file', label: 'Exemple de rapport (CSV)', href: '/instructions/salesforce-report-sample.csv', note: 'trois commandes présentées comme la plateforme les attend' },
    ],
  },
};
