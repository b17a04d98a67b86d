/**
 * JSON Schemas of the routes' response types. `reply<T>()` is a type only, so the types are read
 * from the source: each `response: reply<T>()` of shared/routes.ts is taken as written (a name
 * imported from shared/domain or an inline type) and handed to ts-json-schema-generator through
 * an in-memory copy of routes.ts with one alias per route appended, so every name resolves
 * exactly as it does in routes.ts. Named types become shared definitions; doc comments become
 * descriptions.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { createFormatter, createParser, DEFAULT_CONFIG, SchemaGenerator, type CompletedConfig } from 'ts-json-schema-generator';
import type { JsonSchema } from './yup-json-schema';

export interface ReplySchemas {
  /** By route id: the 2xx body's schema (refs point into `definitions`), or null for `reply<void>()`. */
  readonly replies: ReadonlyMap<string, JsonSchema | null>;
  /** The named types the replies use, by name. */
  readonly definitions: Record<string, JsonSchema>;
}

const ALIAS = 'OpenApiReply__';
const aliasName = (id: string): string => ALIAS + id.replace(/-/g, '_');

/** The `reply<T>()` type argument of each `route({ id, response })` call, as source text. */
function replyTypes(source: ts.SourceFile): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'route') {
      const def = node.arguments[0];
      if (def && ts.isObjectLiteralExpression(def)) {
        let id: string | undefined;
        let type: string | undefined;
        for (const prop of def.properties) {
          if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) continue;
          if (prop.name.text === 'id' && ts.isStringLiteral(prop.initializer)) id = prop.initializer.text;
          const init = prop.initializer;
          if (prop.name.text === 'response' && ts.isCallExpression(init) && init.typeArguments?.length === 1) {
            type = init.typeArguments[0]!.getText(source);
          }
        }
        if (id && type) found.set(id, type);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function replySchemas(routesFile: string): ReplySchemas {
  const text = readFileSync(routesFile, 'utf8');
  const source = ts.createSourceFile(routesFile, text, ts.ScriptTarget.ES2022, true);
  const types = replyTypes(source);
  const typed = [...types].filter(([, type]) => type !== 'void');
  // Beside routes.ts, so its relative imports resolve; it exists only in this program.
  const virtual = join(dirname(routesFile), 'routes.openapi-replies.ts');
  // Only routes.ts's type imports from shared/: its schemas (and yup's types) would double the time.
  const imports = source.statements.filter((s) => ts.isImportDeclaration(s) && s.importClause?.isTypeOnly && (s.moduleSpecifier as ts.StringLiteral).text.startsWith('.'));
  const virtualText = [...imports.map((s) => s.getText(source)), ...typed.map(([id, type]) => `export type ${aliasName(id)} = ${type};`)].join('\n');

  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    lib: ['lib.es2023.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === virtual ? ts.createSourceFile(name, virtualText, language) : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === virtual || fileExists(name);
  const program = ts.createProgram({ rootNames: [virtual], options, host });

  // Type errors are `npm run typecheck`'s job: here only the types' shapes are read.
  const config: CompletedConfig = { ...DEFAULT_CONFIG, expose: 'export', topRef: true, jsDoc: 'extended', skipTypeCheck: true, encodeRefs: false };
  const generator = new SchemaGenerator(program, createParser(program, config), createFormatter(config), config);
  const file = program.getSourceFile(virtual)!;
  const nodes = file.statements.filter((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text.startsWith(ALIAS));
  const all = (generator.createSchemaFromNodes(nodes).definitions ?? {}) as Record<string, JsonSchema>;

  const replies = new Map<string, JsonSchema | null>();
  for (const [id, type] of types) replies.set(id, type === 'void' ? null : all[aliasName(id)]!);
  const definitions = Object.fromEntries(Object.entries(all).filter(([name]) => !name.startsWith(ALIAS)));
  return { replies, definitions };
}
