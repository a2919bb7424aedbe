import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import ts from 'typescript';

/**
 * What the service asks of GitHub, read from its source with the TypeScript compiler's parser:
 *
 * - REST: octokit calls `x.request('METHOD /path', …)` / `x.paginate(…)`, or with `{ method, url }`
 *   where `url` is a template (helpers such as `repoUrl(repo)` that return a template are inlined);
 * - URLs built on a configured base, `${…apiUrl…}/path` (REST) or `${…webUrl…}/path` (the web
 *   host: OAuth), with the method of the call they are handed to (a URL given to no call is a page
 *   a browser opens: GET);
 * - GraphQL: every string or template that is a `query`/`mutation` document, parsed with graphql-js.
 *
 * Template holes become `{name}` parameters. A request call in a GitHub adapter whose route cannot
 * be read is reported, so a new way of calling cannot slip past the surface test.
 */
export interface RestCall {
  method: string;
  /** The route as a template below the REST base, e.g. /repos/{owner}/{repo}/compare/{base}...{head}. */
  path: string;
  where: string;
}
export interface GraphqlUse {
  operation: 'query' | 'mutation';
  field: string;
  where: string;
}
export interface AdapterSurface {
  rest: RestCall[];
  web: RestCall[];
  graphql: GraphqlUse[];
  /** Documents that did not parse and request calls whose route could not be read: each is a failure. */
  unreadable: string[];
}

/** An operation keyword, an optional name, then its variables or selections: not the word 'query' in a message. */
const GRAPHQL_OPERATION = /^\s*(query|mutation)(\s+\w+)?\s*[({]/;
const METHOD_ROUTE = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/;
/** Only GitHub adapters may call octokit; elsewhere `.request(` is node's http (webhook deliveries). */
const isAdapter = (file: string) => /^shared\/adapters\/github\/github-[^/]+\.ts$/.test(file);

function sourceFiles(root: string, dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    (readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }) as string[])
      .filter(
        (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'),
      )
      .map((name) => join(dir, name)),
  );
}

/** The expression a helper returns, for `const f = (…) => expr` and `function f(…) { return expr; }`. */
function helperResults(file: ts.SourceFile, into: Map<string, ts.Expression | null>): void {
  const note = (name: string, result: ts.Expression | undefined) => {
    if (!result) return;
    into.set(name, into.has(name) ? null : result); // two helpers of one name: inline neither
  };
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      const ret = statement.body.statements.find(ts.isReturnStatement);
      note(statement.name.text, ret?.expression);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (
          ts.isIdentifier(declaration.name) &&
          declaration.initializer &&
          ts.isArrowFunction(declaration.initializer) &&
          !ts.isBlock(declaration.initializer.body)
        ) {
          note(declaration.name.text, declaration.initializer.body);
        }
      }
    }
  }
}

function literalText(node: ts.Node): string | null {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
}

function objectProperty(node: ts.Node | undefined, name: string): ts.Expression | undefined {
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  const property = node.properties.find(
    (entry) => ts.isPropertyAssignment(entry) && entry.name.getText() === name,
  );
  return property && ts.isPropertyAssignment(property) ? property.initializer : undefined;
}

export function readAdapterSurface(root: string, dirs = ['shared', 'functions']): AdapterSurface {
  const files = sourceFiles(root, dirs).map((path) => ({
    path,
    source: ts.createSourceFile(
      path,
      readFileSync(join(root, path), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    ),
  }));
  const helpers = new Map<string, ts.Expression | null>();
  files.forEach(({ source }) => helperResults(source, helpers));
  const surface: AdapterSurface = { rest: [], web: [], graphql: [], unreadable: [] };

  /** A URL expression as a route template; helpers returning templates are inlined, other holes become parameters. */
  const render = (node: ts.Expression, depth = 0): string => {
    const text = literalText(node);
    if (text !== null) return text;
    if (ts.isTemplateExpression(node))
      return (
        node.head.text +
        node.templateSpans
          .map((span) => renderHole(span.expression, depth) + span.literal.text)
          .join('')
      );
    return renderHole(node, depth);
  };
  const renderHole = (node: ts.Expression, depth: number): string => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && depth < 3) {
      const result = helpers.get(node.expression.text);
      if (result && ts.isTemplateExpression(result)) return render(result, depth + 1);
    }
    return `{${holeName(node)}}`;
  };

  for (const { path, source } of files) {
    const where = (node: ts.Node) =>
      `${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const locals = new Map<string, ts.Node>();
    const visitDeclarations = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
        locals.set(node.name.text, node.initializer);
      if (ts.isFunctionDeclaration(node) && node.name) locals.set(node.name.text, node);
      ts.forEachChild(node, visitDeclarations);
    };
    visitDeclarations(source);
    /** The method a URL is sent with: the call's `{ method }`, or the one the called helper sends with. */
    const methodOf = (call: ts.CallExpression): string => {
      const own = objectProperty(call.arguments[1], 'method');
      if (own && literalText(own)) return literalText(own)!;
      const helper = ts.isIdentifier(call.expression)
        ? locals.get(call.expression.text)
        : undefined;
      let found: string | undefined;
      const look = (node: ts.Node): void => {
        const method =
          ts.isPropertyAssignment(node) && node.name.getText() === 'method'
            ? literalText(node.initializer)
            : null;
        if (method) found ??= method;
        ts.forEachChild(node, look);
      };
      if (helper) look(helper);
      return found ?? 'GET';
    };

    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['request', 'paginate'].includes(node.expression.name.text)
      ) {
        const [first] = node.arguments;
        const route = first && literalText(first);
        const routeMatch = route ? METHOD_ROUTE.exec(route) : null;
        const method = first && objectProperty(first, 'method');
        const url = first && objectProperty(first, 'url');
        if (routeMatch)
          surface.rest.push({ method: routeMatch[1]!, path: routeMatch[2]!, where: where(node) });
        else if (method && literalText(method) && url)
          surface.rest.push({
            method: literalText(method)!,
            path: render(url).split('?')[0]!,
            where: where(node),
          });
        else if (isAdapter(path))
          surface.unreadable.push(
            `${where(node)}: a ${node.expression.name.text} call whose route cannot be read`,
          );
      }
      if (ts.isTemplateExpression(node) && node.head.text === '') {
        const [base, ...rest] = node.templateSpans;
        const baseNode =
          base && ts.isIdentifier(base.expression)
            ? locals.get(base.expression.text)
            : base?.expression;
        const baseText = baseNode?.getText() ?? '';
        const kind = /\bapiUrl\b/.test(baseText)
          ? 'rest'
          : /\bwebUrl\b/.test(baseText)
            ? 'web'
            : null;
        if (base && kind && base.literal.text.startsWith('/')) {
          const pathTemplate = (
            base.literal.text +
            rest.map((span) => renderHole(span.expression, 0) + span.literal.text).join('')
          ).split('?')[0]!;
          const call =
            ts.isCallExpression(node.parent) && node.parent.arguments[0] === node
              ? node.parent
              : null;
          // The GraphQL endpoint's own URL: what goes through it is compared by operation below.
          if (pathTemplate !== '/graphql')
            surface[kind].push({
              method: call ? methodOf(call) : 'GET',
              path: pathTemplate,
              where: where(node),
            });
        }
      }
      const documentText = ts.isTemplateExpression(node)
        ? graphqlTemplate(node)
        : literalText(node);
      if (documentText !== null && GRAPHQL_OPERATION.test(documentText)) {
        try {
          for (const definition of parse(documentText).definitions) {
            if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
            const operation = definition as OperationDefinitionNode;
            for (const selection of operation.selectionSet.selections) {
              if (selection.kind === Kind.FIELD)
                surface.graphql.push({
                  operation: operation.operation as 'query' | 'mutation',
                  field: selection.name.value,
                  where: where(node),
                });
              else
                surface.unreadable.push(
                  `${where(node)}: a ${selection.kind} at the root of a GraphQL document`,
                );
            }
          }
        } catch (error) {
          surface.unreadable.push(
            `${where(node)}: a GraphQL document that does not parse (${(error as Error).message})`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return surface;
}

/** A parameter's name: what the hole reads, e.g. `owner` for `encodeURIComponent(repo.owner)`, `path` for `path.split('/').map(segment).join('/')`. */
function holeName(node: ts.Expression): string {
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression))
    return holeName(node.expression.expression);
  if (ts.isCallExpression(node) && node.arguments[0]) return holeName(node.arguments[0]);
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return node.getText().replace(/\W+/g, '_');
}

/**
 * A GraphQL template made parseable: a hole in the operation's variable list becomes a variable
 * of its own, a hole past the first `{` a `__typename` selection (holes add fields below the root).
 */
function graphqlTemplate(node: ts.TemplateExpression): string {
  let text = node.head.text;
  node.templateSpans.forEach((span, n) => {
    text += text.includes('{') ? ' __typename ' : ` $hole${n}: Int `;
    text += span.literal.text;
  });
  return text;
}
