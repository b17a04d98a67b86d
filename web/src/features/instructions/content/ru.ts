import type { InstructionLibrary } from './types';

export const ru: InstructionLibrary = {
  adobe_analytics: {
    description:
      'Передавайте нам данные хитов Adobe Analytics ежедневными файлами. Каждый файл содержит данные за предыдущий день, поэтому платформа атрибуции всегда работает с полными сутками.',
    blocks: [
      { kind: 'title', text: '1. Создайте фид данных' },
      {
        kind: 'text',
        text: 'В Adobe Analytics откройте Admin > Data Feeds и добавьте фид для набора отчётов вашего сайта. Выберите ежедневное расписание: каждый файл охватывает предыдущий день (с полуночи до полуночи в часовом поясе набора отчётов) и приходит на следующее утро.',
      },
      { kind: 'title', text: '2. Настройте доставку в нашу папку' },
      {
        kind: 'text',
        text: 'Выберите SFTP в качестве назначения. После подтверждения этого этапа наша команда интеграции пришлёт вам адрес сервера, папку и логин для вашей компании; оставьте сжатие (gzip) и имена файлов, которые предлагает Adobe.',
      },
      {
        kind: 'table',
        caption: 'Столбцы, которые должны быть в фиде',
        head: ['Столбец', 'Зачем он нужен'],
        rows: [
          ['hit_time_gmt, date_time', 'время каждого хита'],
          ['post_visid_high, post_visid_low, visit_num', 'чтобы восстановить посетителей и визиты'],
          ['post_campaign, post_referrer, post_page_url', 'откуда пришёл визит (включая UTM-метки)'],
          ['post_purchaseid, post_product_list, post_event_list', 'заказы, их товары и выручка'],
          ['exclude_hit, hit_source', 'чтобы отбросить хиты, которые Adobe исключает сам'],
        ],
      },
      { kind: 'image', src: '/instructions/adobe-feed.svg', alt: 'Фид Adobe: один файл в день, доставляется на SFTP на следующее утро', caption: 'Один файл в день, каждый за предыдущие сутки' },
      {
        kind: 'text',
        text: 'История: при создании фида один раз запросите данные за последние 90 дней; они нужны платформе, чтобы изучить пути ваших клиентов.',
      },
    ],
  },
  matomo_analytics: {
    description: 'Дайте платформе атрибуции доступ на чтение к вашему сайту в Matomo с помощью API-токена: мы забираем визиты и цели каждую ночь.',
    blocks: [
      { kind: 'title', text: '1. Создайте для нас пользователя' },
      {
        kind: 'text',
        text: 'В Matomo откройте Администрирование > Система > Пользователи и пригласите пользователя с адресом, который назовёт наша команда. Дайте ему доступ «просмотр» только к вашему сайту: он ничего не сможет изменить.',
      },
      { kind: 'title', text: '2. Создайте его API-токен' },
      {
        kind: 'text',
        text: 'Войдя под этим пользователем, откройте Администрирование > Личное > Безопасность и создайте токен авторизации (token_auth) с названием платформы. Matomo покажет его один раз: скопируйте его.',
      },
      {
        kind: 'code',
        caption: 'Запрос, который мы отправляем с этим токеном (можно выполнить, чтобы проверить токен)',
        code: 'curl -s "https://matomo.example.com/index.php" \\\n  -d module=API -d method=Live.getLastVisitsDetails \\\n  -d idSite=1 -d period=day -d date=yesterday -d format=JSON \\\n  -d token_auth=ВАШ_ТОКЕН',
      },
      {
        kind: 'list',
        items: [
          'адрес вашего Matomo (например, https://matomo.example.com)',
          'идентификатор сайта (idSite)',
          'токен — отправьте его нашей команде по электронной почте, а не в общем документе',
        ],
      },
      { kind: 'text', text: 'Отзыв токена в Matomo сразу прекращает наш доступ.' },
    ],
  },
  firebase_analytics: {
    description: 'Для приложений, которые измеряются в Firebase (Google Analytics для Firebase), два пользовательских параметра и два названия событий позволяют связать сессии приложения с вашими заказами.',
    blocks: [
      { kind: 'title', text: '1. Зарегистрируйте два пользовательских параметра' },
      {
        kind: 'table',
        caption: 'В консоли Firebase > Analytics > Пользовательские определения',
        head: ['Параметр', 'Область', 'Значение'],
        rows: [
          ['applicationID', 'Пользователь', 'идентификатор установки приложения (тот же, что ваш бэкенд сохраняет с каждым заказом)'],
          ['sessionCount', 'Событие', 'номер сессии, в которой произошло событие (1, 2, 3…)'],
        ],
      },
      { kind: 'title', text: '2. Назовите два события' },
      {
        kind: 'text',
        text: 'Сообщите нам названия двух событий, которые отправляет ваше приложение: начала сессии и оформления заказа (например, session_start и purchase). Оба должны передавать два параметра выше.',
      },
      {
        kind: 'code',
        caption: 'Пример на Kotlin',
        code: 'firebaseAnalytics.setUserProperty("applicationID", installationId)\nfirebaseAnalytics.logEvent("purchase") {\n    param("sessionCount", sessionCount.toLong())\n    param(FirebaseAnalytics.Param.TRANSACTION_ID, orderId)\n}',
      },
      { kind: 'text', text: 'Затем свяжите Firebase с BigQuery (Настройки проекта > Интеграции), чтобы события выгружались ежедневно.' },
    ],
  },
  piano_analytics: {
    description: 'Piano Analytics (бывший AT Internet) отдаёт данные через Data Query API по паре ключей пользователя, у которого есть доступ на чтение к вашему сайту.',
    blocks: [
      { kind: 'title', text: '1. Создайте API-ключ' },
      {
        kind: 'text',
        text: 'В Piano Analytics откройте профиль > API-ключи и создайте ключ. Piano покажет ключ доступа и секретный ключ; секретный ключ показывается только один раз.',
      },
      { kind: 'title', text: '2. Дайте доступ на чтение к сайту' },
      { kind: 'text', text: 'Владельцу ключа нужен доступ на чтение к сайту (идентификатор сайта); других прав не требуется.' },
      {
        kind: 'code',
        caption: 'Запрос, который платформа отправляет каждую ночь',
        code: 'curl -s https://api.atinternet.io/v3/data/getData \\\n  -H "x-api-key: КЛЮЧ-ДОСТУПА_СЕКРЕТНЫЙ-КЛЮЧ" \\\n  -d \'{"columns":["visit_id","src","src_campaign","transaction_id"],"space":{"s":[123456]},"period":{"p1":[{"type":"R","granularity":"D","offset":-1}]}}\'',
      },
      { kind: 'list', items: ['идентификатор вашего сайта', 'ключ доступа и секретный ключ — отправьте их нашей команде по электронной почте'] },
    ],
  },
  salesforce_crm: {
    description:
      'Платформа читает ваши заказы из Salesforce с помощью пользовательского отчёта через подключённое приложение, которое входит по потоку OAuth 2.0 JWT bearer (пароли не передаются).',
    blocks: [
      { kind: 'title', text: '1. Создайте подключённое приложение' },
      {
        kind: 'list',
        items: [
          'Setup > App Manager > New Connected App; включите настройки OAuth.',
          'Загрузите сертификат, который пришлёт наша команда (Use digital signatures): платформа подписывает запросы соответствующим закрытым ключом.',
          'Области доступа: «Access the identity URL service» и «Manage user data via APIs (api)».',
          'Политики: Permitted Users — «Admin approved users are pre-authorized», затем добавьте профиль или набор разрешений пользователя интеграции.',
        ],
      },
      {
        kind: 'code',
        caption: 'Как платформа входит в систему (поток JWT bearer)',
        code: 'POST https://login.salesforce.com/services/oauth2/token\ngrant_type=urn:ietf:params:oauth:grant-type:jwt-bearer\nassertion=<JWT, подписанный нашим ключом: iss=ключ потребителя, sub=пользователь интеграции, aud=https://login.salesforce.com>',
      },
      { kind: 'title', text: '2. Постройте пользовательский отчёт' },
      {
        kind: 'table',
        caption: 'Столбцы отчёта, в этом порядке',
        head: ['Столбец', 'Содержимое'],
        rows: [
          ['order_id', 'номер заказа, тот же, что в веб-аналитике'],
          ['state', 'new, wait, cancel, refuse, return, partial_return или done'],
          ['date', 'дата и время создания: ГГГГ-ММ-ДД ЧЧ:ММ:СС'],
          ['price', 'сумма заказа без налогов и доставки'],
          ['newclient', 'true или false, заполнено всегда'],
          ['utm_source', 'UTM-источник заказа'],
          ['utm_medium', 'UTM-канал заказа'],
          ['utm_campaign', 'UTM-кампания заказа'],
        ],
      },
      {
        kind: 'list',
        items: [
          'В каждой строке заполнено хотя бы одно из полей utm_source, utm_medium и utm_campaign.',
          'newclient всегда true или false, никогда не пустое.',
          'price не включает налоги и стоимость доставки.',
          'Отчёт охватывает заказы, созданные или изменённые за последние 7 дней.',
        ],
      },
      { kind: 'file', label: 'Пример отчёта (CSV)', href: '/instructions/salesforce-report-sample.csv', note: 'три заказа в том виде, в каком их ожидает платформа' },
    ],
  },
};
