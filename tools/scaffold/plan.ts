/**
 * The plan of `npm run new:route` (docs/add-a-route.md, "The scaffold"): every file a new
 * company-scoped entity with a list route, a create route and a page needs, as whole new files and
 * as insertions into the files that list such pieces. Pure: it reads through `read` and returns
 * the texts, so the test runs it on the repository without writing (tools/scaffold/plan.test.ts).
 * An insertion whose anchor is gone is not guessed: it lands in `manual`, naming the file and
 * what to add there.
 */

export interface ScaffoldOptions {
  /** Plural, kebab-case: the API path, the route area, the folder names (`widgets`). */
  entity: string;
  /** Singular, kebab-case: the audit kind, the key builder (`widget`). */
  singular: string;
  /** The web feature folder that gets the page (`marketing`): its index.tsx and its catalogues. */
  area: string;
  /** The page's path (`/marketing/widgets`). */
  page: string;
  /** The entity's name in each language (the page title, the menu, the audit history). */
  labels: { en: string; fr: string; ru: string };
  /** The menu list of web/src/app/shell/nav-items.ts that shows the page, or why no menu does. */
  menu: { list: string } | { off: string };
}

export interface ScaffoldPlan {
  /** Repository-relative path -> its whole new text. */
  files: Map<string, string>;
  /** Pieces the plan could not place: file and what to add. */
  manual: string[];
  /** Commands to run after writing. */
  then: string[];
}

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (kebab: string) => camel(kebab).replace(/^./, (c) => c.toUpperCase());
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

type Read = (path: string) => string | null;

/** Inserts `text` at the place `where` finds (an index into the file), or records the manual step. */
function insert(plan: ScaffoldPlan, read: Read, path: string, what: string, text: string, where: (source: string) => number) {
  const source = plan.files.get(path) ?? read(path);
  const at = source === null ? -1 : where(source);
  if (source === null || at < 0) {
    plan.manual.push(`${path}: ${what}:\n${text}`);
    return;
  }
  plan.files.set(path, source.slice(0, at) + text + source.slice(at));
}

/** Start of the first line matching `pattern` (multiline), or -1. */
const before = (pattern: RegExp) => (source: string) => source.search(pattern);
/** End of the last line matching `pattern` (multiline, global), or -1. */
const afterLast = (pattern: RegExp) => (source: string) => {
  let end = -1;
  for (const match of source.matchAll(pattern)) end = match.index + match[0].length + 1;
  return end;
};
/** Start of the first line matching `close` after the first match of `open`. */
const closing = (open: RegExp, close: RegExp) => (source: string) => {
  const start = source.search(open);
  if (start < 0) return -1;
  const at = source.slice(start).search(close);
  return at < 0 ? -1 : start + at;
};

export function planScaffold(options: ScaffoldOptions, read: Read): ScaffoldPlan {
  const { entity, singular, area, page, labels, menu } = options;
  if (!/^[a-z][a-z0-9-]*$/.test(entity) || !/^[a-z][a-z0-9-]*$/.test(singular)) throw new Error('entity and singular are kebab-case');
  if (!page.startsWith('/')) throw new Error('the page path starts with /');
  const plan: ScaffoldPlan = { files: new Map(), manual: [], then: ['npm run openapi'] };
  const Entity = pascal(singular);
  const entities = camel(entity);
  const Entities = pascal(entity);
  const one = camel(singular);
  const schemaName = `${one}CreateSchema`;
  const maxName = `${singular.toUpperCase().replace(/-/g, '_')}_NAME_MAX_LENGTH`;
  const listRoute = `${entities}List`;
  const createRoute = `${entities}Create`;
  const repo = `functions/data/${entity}.ts`;
  const pageFile = `web/src/features/${area}/${entity}-page.tsx`;
  const add = (path: string, text: string) => {
    if (read(path) !== null) throw new Error(`${path} exists already`);
    plan.files.set(path, text);
  };

  // shared: the answer type, the audit kind, the request schema, the two routes.
  insert(plan, read, 'shared/domain/types.ts', `the ${Entity} type`, `/** A ${singular} of a company (GET/POST /api/${entity}). */\nexport interface ${Entity} {\n  id: string;\n  name: string;\n  version: number;\n}\n\n`, before(/^export const AUDIT_KINDS/m));
  insert(plan, read, 'shared/domain/types.ts', `'${singular}' in AUDIT_KINDS`, `, '${singular}'`, (source) => {
    const line = /^export const AUDIT_KINDS = \[.*(\] as const;)$/m.exec(source);
    return line ? line.index + line[0].length - line[1]!.length : -1;
  });
  add(
    `shared/schemas/${entity}.ts`,
    `import { object, string, type InferType } from 'yup';
import { lineText } from './common';
import { schema } from './define';

/** The request schema of POST /api/${entity}; the page's form uses the same object. */

const ${maxName} = 120;

export const ${schemaName} = /* @__PURE__ */ schema(() =>
  object({
    name: string().nonNullable('validation.required').trim().required('validation.required').max(${maxName}, 'validation.${one}.nameTooLong').test(lineText),
  }),
);
export type ${Entity}CreateRequest = InferType<typeof ${schemaName}>;
`,
  );
  const routes = 'shared/routes.ts';
  insert(plan, read, routes, 'the imports', `import type { ${Entity} } from './domain/types';\nimport { ${schemaName} } from './schemas/${entity}';\n`, afterLast(/^(import .*;|\} from '.*';)$/gm));
  insert(
    plan,
    read,
    routes,
    'the two route entries',
    `export const ${listRoute} = route({
  id: '${entity}-list', area: '${entity}', method: 'GET', path: '/api/${entity}', access: 'signed-in', companyScoped: true,
  summary: 'The ${entity.replace(/-/g, ' ')} of the current company',
  response: reply<${Entity}[]>(),
});
export const ${createRoute} = route({
  id: '${entity}-create', area: '${entity}', method: 'POST', path: '/api/${entity}', access: 'signed-in', companyScoped: true,
  summary: 'Create a ${singular.replace(/-/g, ' ')}',
  stale: [],
  schema: ${schemaName}, response: reply<${Entity}>(),
});

`,
    before(/^export const routes = \[/m),
  );
  insert(plan, read, routes, 'the routes list', `  ${listRoute},\n  ${createRoute},\n`, closing(/^export const routes = \[/m, /^\] as const;/m));

  // functions: key, repository and its test, use cases and their test, handlers.
  insert(plan, read, 'functions/data/keys.ts', `the key builder keys.${one}`, `  ...childKeys('${one}', '${singular.toUpperCase().replace(/-/g, '_')}#'),\n`, afterLast(/^ {2}\.\.\.childKeys\(.*$/gm));
  add(
    repo,
    `import type { ${Entity} } from '../../shared/domain/types';
import { companyItems } from './company-items';
import { keys } from './keys';

/** A company's ${entity}: items of its partition (\`keys.${one}\`), listed by one Query, each write audited. */

export interface ${Entity}Record extends ${Entity} {
  companyId: string;
  created: string;
}

const items = companyItems<${Entity}Record>(keys.${one}, keys.${one}Prefix, '${singular}');

/** Every ${singular} of the company. */
export const list${Entities} = items.list;
/** Writes a new ${singular}; an id already taken in the partition is refused. */
export const putNew${Entity} = items.putNew;
`,
  );
  add(
    `functions/data/${entity}.test.ts`,
    `import { describe, expect, it } from 'vitest';
import { keys } from './keys';
import { list${Entities}, putNew${Entity}, type ${Entity}Record } from './${entity}';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();

const record = (companyId: string, name: string): ${Entity}Record => ({ id: uid(), companyId, name, version: 1, created: '2030-01-01T00:00:00.000Z' });

describe('${entity} repository', () => {
  it('lists the company\\'s own ${entity} only, stored under its partition', async () => {
    const [mine, theirs] = [uid(), uid()];
    const first = await putNew${Entity}(record(mine, 'First'));
    await putNew${Entity}(record(theirs, 'Theirs'));
    expect(await list${Entities}(mine)).toEqual([first]);
    expect(await table.item(keys.${one}(mine, first.id))).toMatchObject({ name: 'First', companyId: mine });
  });

  it('never overwrites an id already taken', async () => {
    const mine = uid();
    const first = await putNew${Entity}(record(mine, 'First'));
    await expect(putNew${Entity}({ ...first, name: 'Again' })).rejects.toThrow();
    expect((await list${Entities}(mine)).map((item) => item.name)).toEqual(['First']);
  });
});
`,
  );
  add(
    `functions/core/${entity}/${entity}.ts`,
    `import { randomUUID } from 'node:crypto';
import type { ${Entity} } from '../../../shared/domain/types';
import type { ${Entity}CreateRequest } from '../../../shared/schemas/${entity}';
import * as repo from '../../data/${entity}';
import type { ${Entity}Record } from '../../data/${entity}';

/** The ${entity} page's use cases, on the caller's current company (the auth context's). */

export interface ${Entities}Deps {
  list${Entities}(companyId: string): Promise<${Entity}Record[]>;
  putNew${Entity}(record: ${Entity}Record): Promise<${Entity}Record>;
  newId(): string;
  now(): Date;
}

const defaults: ${Entities}Deps = { list${Entities}: repo.list${Entities}, putNew${Entity}: repo.putNew${Entity}, newId: randomUUID, now: () => new Date() };

/** The API shape: no partition or audit fields. */
const to${Entity} = ({ id, name, version }: ${Entity}Record): ${Entity} => ({ id, name, version });

/** The company's ${entity}, by name. */
export async function listCompany${Entities}(companyId: string, deps: ${Entities}Deps = defaults): Promise<${Entity}[]> {
  const records = await deps.list${Entities}(companyId);
  return records.map(to${Entity}).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/** A new ${singular} of the company (server-made id). */
export async function create${Entity}(companyId: string, body: ${Entity}CreateRequest, deps: ${Entities}Deps = defaults): Promise<${Entity}> {
  const record: ${Entity}Record = { id: deps.newId(), companyId, name: body.name, version: 1, created: deps.now().toISOString() };
  return to${Entity}(await deps.putNew${Entity}(record));
}
`,
  );
  add(
    `functions/core/${entity}/${entity}.test.ts`,
    `import { describe, expect, it } from 'vitest';
import type { ${Entity}Record } from '../../data/${entity}';
import { create${Entity}, listCompany${Entities}, type ${Entities}Deps } from './${entity}';

function fake(): ${Entities}Deps & { stored: ${Entity}Record[] } {
  const stored: ${Entity}Record[] = [];
  return {
    stored,
    list${Entities}: async (companyId) => stored.filter((item) => item.companyId === companyId),
    putNew${Entity}: async (record) => (stored.push(record), record),
    newId: () => \`id-\${stored.length + 1}\`,
    now: () => new Date('2030-01-01T00:00:00.000Z'),
  };
}

describe('${entity} use cases', () => {
  it('creates in the caller\\'s company and answers the API shape', async () => {
    const deps = fake();
    expect(await create${Entity}('c1', { name: 'Beta' }, deps)).toEqual({ id: 'id-1', name: 'Beta', version: 1 });
    expect(deps.stored).toEqual([{ id: 'id-1', companyId: 'c1', name: 'Beta', version: 1, created: '2030-01-01T00:00:00.000Z' }]);
  });

  it('lists the company\\'s own, by name', async () => {
    const deps = fake();
    await create${Entity}('c1', { name: 'beta' }, deps);
    await create${Entity}('c2', { name: 'Other' }, deps);
    await create${Entity}('c1', { name: 'Alpha' }, deps);
    expect((await listCompany${Entities}('c1', deps)).map((item) => item.name)).toEqual(['Alpha', 'beta']);
  });
});
`,
  );
  add(
    `functions/http/${entity}/${entity}-list.ts`,
    `import { ${listRoute} } from '../../../shared/routes';
import { listCompany${Entities} } from '../../core/${entity}/${entity}';
import { httpHandler } from '../../pipeline/http';

/** GET /api/${entity}: the current company's ${entity}, by name. */
export const handler = httpHandler(${listRoute}).handle(async ({ auth }) => ({ body: await listCompany${Entities}(auth.company.id) }));
`,
  );
  add(
    `functions/http/${entity}/${entity}-create.ts`,
    `import { ${createRoute} } from '../../../shared/routes';
import { create${Entity} } from '../../core/${entity}/${entity}';
import { httpHandler } from '../../pipeline/http';

/** POST /api/${entity}: a new ${singular} of the current company. */
export const handler = httpHandler(${createRoute}).handle(async ({ auth, body }) => ({ status: 201, body: await create${Entity}(auth.company.id, body) }));
`,
  );
  insert(plan, read, 'test/support/matrix-bodies.ts', `a VALID_BODIES entry for ${entity}-create`, `  '${entity}-create': { name: 'Matrix ${singular}' },\n`, closing(/^export const VALID_BODIES/m, /^\};/m));

  insert(
    plan,
    read,
    'docs/conventions.md',
    'the calls\' rows of the HTTP contract',
    `### ${labels.en} calls (signed in, current company; \`shared/schemas/${entity}.ts\`)
| call | body | answer |
|---|---|---|
| GET /api/${entity} | none | 200 \`${Entity}[]\` by name (one Query of the company partition, \`${singular.toUpperCase().replace(/-/g, '_')}#<id>\`) |
| POST /api/${entity} | \`{ name }\` | 201 \`${Entity}\` (id: a UUID made by the server) |

`,
    closing(/^## HTTP contract/m, /^## (?!HTTP contract)/m),
  );

  // web: the page, its export, its row in the page table, the menu, the catalogues.
  const texts = `${entities}`;
  add(
    pageFile,
    `import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { ${createRoute}, ${listRoute} } from 'shared/routes';
import { ${schemaName}, type ${Entity}CreateRequest } from 'shared/schemas/${entity}';
import { T } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { ErrorText } from '../../ui/error-text';
import { FormField } from '../../ui/form-field';
import { ListState } from '../../ui/list-state';
import { PageHeading } from '../../ui/page-heading';

const EMPTY: ${Entity}CreateRequest = { name: '' };

/** ${page}: the company's ${entity} and a form that adds one. */
export function ${Entities}Page() {
  const { data, error, mutate } = useRoute(${listRoute});
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (values: ${Entity}CreateRequest, helpers: FormikHelpers<${Entity}CreateRequest>) => {
    setFailure(null);
    try {
      const created = await mutateRoute(${createRoute}, { body: values });
      helpers.resetForm();
      await mutate((list) => [...(list ?? []), created], { revalidate: false });
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length) helpers.setErrors(caught.fieldErrors);
      setFailure(caught);
    }
  };
  return (
    <div className="page">
      <PageHeading />
      <Card>
        <Formik initialValues={EMPTY} validationSchema={${schemaName}} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-labelledby="${entity}-create-title">
              <h2 id="${entity}-create-title" className="list-title">
                <T id="${texts}.createTitle" />
              </h2>
              <FormField name="name" label="${texts}.name" required maxLength={120} />
              {failure !== null && (
                <Callout tone="danger">
                  <ErrorText error={failure} />
                </Callout>
              )}
              <Button type="submit" disabled={isSubmitting}>
                <T id="${texts}.add" />
              </Button>
            </Form>
          )}
        </Formik>
      </Card>
      <Card>
        <ListState data={data} error={error} empty="${texts}.empty">
          {(items) => (
            <ul>
              {items.map((item) => (
                <li key={item.id}>{item.name}</li>
              ))}
            </ul>
          )}
        </ListState>
      </Card>
    </div>
  );
}
`,
  );
  add(
    pageFile.replace(/\.tsx$/, '.test.tsx'),
    `import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';

describe('${Entities}Page', () => {
  it('lists the company\\'s ${entity} and adds one', async () => {
    mockSession(makeUser('ROLE_USER'));
    let sent: unknown;
    server.use(
      http.get(api('/api/${entity}'), () => HttpResponse.json([{ id: 'a1', name: 'First', version: 1 }])),
      http.post(api('/api/${entity}'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 'a2', name: 'Second', version: 1 }, { status: 201 });
      }),
    );
    renderApp('${page}');
    expect(await screen.findByText('First')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Second');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Second' });
  });
});
`,
  );
  insert(plan, read, `web/src/features/${area}/index.tsx`, `export ${Entities}Page`, `export { ${Entities}Page } from './${entity}-page';\n`, before(/^export \{ area \}/m));
  const loader = camel(area);
  const hasLoader = new RegExp(`^const ${loader} = \\(\\) => import\\('\\.\\./features/${area}'\\);`, 'm').test(read('web/src/app/pages.tsx') ?? '');
  const decision = 'list' in menu ? `'menu'` : `{ off: ${quote(menu.off)} }`;
  const row = `  { path: '${page}', access: 'signed-in', menu: ${decision}, title: 'route.${entities}', parents: [dashboard], Component: pick(${hasLoader ? loader : `() => import('../features/${area}')`}, '${Entities}Page') },\n`;
  insert(plan, read, 'web/src/app/pages.tsx', 'the page row', row, closing(/^export const pages: PageDef\[\] = \[/m, /^\];/m));
  // test/e2e/phone-layout.e2e.ts fails on a page of the table missing from the tour.
  insert(plan, read, 'test/support/page-tour.ts', 'the page in the phone tour', `  { pattern: '${page}', role: 'ROLE_USER' },\n`, closing(/^export const PAGE_TOUR: readonly TourPage\[\] = \[/m, /^\];/m));
  if ('list' in menu)
    insert(plan, read, 'web/src/app/shell/nav-items.ts', `the menu item in ${menu.list}`, `  { label: 'nav.${entities}', to: '${page}' },\n`, closing(new RegExp(`^export const ${menu.list}: NavLinkItem\\[\\] = \\[`, 'm'), /^\];/m));

  const langs = ['en', 'fr', 'ru'] as const;
  const global = {
    en: { tooLong: 'At most 120 characters' },
    fr: { tooLong: '120 caractères au plus' },
    ru: { tooLong: 'Не больше 120 символов' },
  };
  const pageTexts = {
    en: { createTitle: 'Add one', name: 'Name', add: 'Add', empty: 'Nothing here yet.' },
    fr: { createTitle: 'Ajouter', name: 'Nom', add: 'Ajouter', empty: 'Rien pour l’instant.' },
    ru: { createTitle: 'Добавить', name: 'Название', add: 'Добавить', empty: 'Пока ничего нет.' },
  };
  for (const lang of langs) {
    const label = quote(labels[lang]);
    const globalLines = `  'route.${entities}': ${label},\n${'list' in menu ? `  'nav.${entities}': ${label},\n` : ''}`;
    insert(plan, read, `web/src/i18n/messages/${lang}.ts`, 'the page title (and menu label)', globalLines, afterLast(/^ {2}'route\.[^']*':.*$/gm));
    insert(plan, read, `web/src/i18n/messages/${lang}.ts`, 'the validation message', `  'validation.${one}.nameTooLong': ${quote(global[lang].tooLong)},\n`, afterLast(/^ {2}'validation\.[^']*':.*$/gm));
    insert(plan, read, `web/src/features/admin/messages/${lang}.ts`, 'the audit history\'s label', `  'audit.kind.${singular}': ${label},\n`, afterLast(/^ {2}'audit\.kind\.[^']*':.*$/gm));
    const lines = Object.entries(pageTexts[lang])
      .map(([key, text]) => `  '${texts}.${key}': ${quote(text)},\n`)
      .join('');
    insert(plan, read, `web/src/features/${area}/messages/${lang}.ts`, 'the page texts', lines, closing(/^export const /m, /^\}( as const)?;/m));
  }
  return plan;
}
