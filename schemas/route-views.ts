// Reads, from the route files' source (renderer/routes/*.tsx), which view each route loads lazily: the
// `component: lazyRouteComponent(() => import('./views/…'))` of a `createRoute({…})`, under the route's id
// as TanStack Router makes it (renderer/routes/route-views.ts, written by schemas/gen.ts). A route may be
// made by a function of the file (`paymentActionRoute('/payment/confirmAddress', …, () => import(…))`),
// its view held in a constant (`component: CartView`) and its path a template (`/checkout/${type}`); what
// cannot be read here stops the generator rather than being left out. No module is run: the route files
// import the renderer (React, CSS through the blocks), which only a bundler loads.
import { posix } from 'node:path';
import ts from 'typescript';

/** TanStack Router's id of the root route (router-core's `rootRouteId`). */
const ROOT_ID = '__root__';

/** A scope's values of a route factory's parameters, by name (empty at a file's top level). */
type Bindings = ReadonlyMap<string, ts.Expression>;

interface RouteDeclaration {
  /** The `createRoute(…)` or root route call. */
  call: ts.CallExpression;
  /** Its options object (absent for a root route made without options). */
  options: ts.ObjectLiteralExpression | undefined;
  root: boolean;
  bindings: Bindings;
}

/**
 * Route id -> the view its `component` loads lazily, as a path from the project root, for every route
 * declared at the top level of `routeFiles` (paths from the project root, with their text). `exists`
 * says whether a file (path from the project root) exists, to resolve an import without its extension.
 */
export function routeViewsOf(routeFiles: Map<string, string>, exists: (path: string) => boolean): Map<string, string> {
  const sources = new Map<string, ts.SourceFile>();
  for (const [path, text] of routeFiles)
    sources.set(
      path,
      ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS),
    );
  const where = (node: ts.Node) => {
    const source = node.getSourceFile();
    return `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };
  const fail = (node: ts.Node, what: string): never => {
    throw new Error(`${where(node)}: ${what}`);
  };

  /** Resolves a relative module specifier of `from` to a path from the project root. */
  const resolveModule = (from: string, spec: string, node: ts.Node): string => {
    const base = posix.join(posix.dirname(from), spec);
    const found = [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find(
      (path) => routeFiles.has(path) || (/\.tsx?$/.test(path) && exists(path)),
    );
    return found ?? fail(node, `cannot find the module '${spec}'`);
  };

  /** The top-level declaration `name` of a file (a constant's initializer or a function), following its imports. */
  const declarationOf = (file: string, name: string, seen = new Set<string>()): ts.Node | undefined => {
    const source = sources.get(file);
    if (!source || seen.has(`${file}#${name}`)) return undefined;
    seen.add(`${file}#${name}`);
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const spec = statement.moduleSpecifier.text;
        const bindings = statement.importClause?.namedBindings;
        if (!spec.startsWith('.') || !bindings || !ts.isNamedImports(bindings)) continue;
        const imported = bindings.elements.find((element) => element.name.text === name);
        if (imported)
          return declarationOf(resolveModule(file, spec, statement), (imported.propertyName ?? imported.name).text, seen);
      }
    }
    return undefined;
  };

  /** The node an identifier stands for: a factory's argument, else a declaration of its file. */
  const valueOf = (identifier: ts.Identifier, bindings: Bindings): { node: ts.Node; bindings: Bindings } | undefined => {
    const bound = bindings.get(identifier.text);
    if (bound) return { node: bound, bindings: new Map() };
    const declaration = declarationOf(identifier.getSourceFile().fileName, identifier.text);
    if (declaration && ts.isVariableDeclaration(declaration))
      return declaration.initializer && { node: declaration.initializer, bindings: new Map() };
    return declaration && { node: declaration, bindings: new Map() };
  };

  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)
      ? unwrap(node.expression)
      : node;

  /** The text of a path or id: a string, or a template or parameter that comes to one. */
  const textOf = (node: ts.Expression, bindings: Bindings): string => {
    const expression = unwrap(node);
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text;
    if (ts.isTemplateExpression(expression))
      return expression.templateSpans.reduce(
        (text, span) => text + textOf(span.expression, bindings) + span.literal.text,
        expression.head.text,
      );
    if (ts.isIdentifier(expression)) {
      const value = valueOf(expression, bindings);
      if (value && ts.isExpression(value.node)) return textOf(value.node, value.bindings);
    }
    return fail(expression, `cannot read the text of \`${expression.getText()}\``);
  };

  const isCallOf = (node: ts.Node, name: string): boolean =>
    ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name;

  /** `createRootRoute(…)`, `createRootRouteWithContext<…>()(…)`. */
  const isRootRouteCall = (node: ts.CallExpression) =>
    isCallOf(node, 'createRootRoute') ||
    (ts.isCallExpression(node.expression) && isCallOf(node.expression, 'createRootRouteWithContext'));

  /** The route a top-level constant's value makes, if it makes one: directly, or by a factory of the file. */
  const routeOf = (node: ts.Expression, bindings: Bindings): RouteDeclaration | undefined => {
    const expression = unwrap(node);
    if (!ts.isCallExpression(expression)) return undefined;
    const options = expression.arguments[0] && unwrap(expression.arguments[0]);
    const objectOptions = options && ts.isObjectLiteralExpression(options) ? options : undefined;
    if (isCallOf(expression, 'createRoute') || isRootRouteCall(expression)) {
      const root = isRootRouteCall(expression);
      if (!objectOptions && (!root || options)) fail(expression, 'a route’s options must be an object literal');
      return { call: expression, options: objectOptions, root, bindings };
    }
    if (!ts.isIdentifier(expression.expression)) return undefined;
    const factory = valueOf(expression.expression, bindings)?.node;
    if (!factory || !(ts.isFunctionDeclaration(factory) || ts.isArrowFunction(factory) || ts.isFunctionExpression(factory)))
      return undefined;
    const made = factoryResult(factory);
    if (!made) return undefined;
    const inner = new Map<string, ts.Expression>();
    factory.parameters.forEach((parameter, index) => {
      const argument = expression.arguments[index];
      if (ts.isIdentifier(parameter.name) && argument) inner.set(parameter.name.text, argument);
    });
    return routeOf(made, inner);
  };

  /** What a function returns, when it is one expression (`=> expr`, or a body of one `return expr`). */
  const factoryResult = (factory: ts.FunctionLikeDeclaration): ts.Expression | undefined => {
    const body = factory.body;
    if (!body) return undefined;
    if (!ts.isBlock(body)) return body;
    const returns = body.statements.filter(ts.isReturnStatement);
    return returns.length === 1 ? returns[0]!.expression : undefined;
  };

  const property = (options: ts.ObjectLiteralExpression | undefined, name: string): ts.Expression | undefined => {
    for (const member of options?.properties ?? []) {
      if (ts.isPropertyAssignment(member) && ts.isIdentifier(member.name) && member.name.text === name) return member.initializer;
      if (ts.isShorthandPropertyAssignment(member) && member.name.text === name) return member.name;
    }
    return undefined;
  };

  /** The module a lazy component's importer loads (`() => import('…')`), as a path from the project root. */
  const importedBy = (node: ts.Expression, bindings: Bindings): string => {
    const expression = unwrap(node);
    if (ts.isIdentifier(expression)) {
      const value = valueOf(expression, bindings);
      if (value && ts.isExpression(value.node)) return importedBy(value.node, value.bindings);
    }
    if ((ts.isArrowFunction(expression) || ts.isFunctionExpression(expression)) && expression.parameters.length === 0) {
      const result = factoryResult(expression);
      const call = result && unwrap(result);
      if (call && ts.isCallExpression(call) && call.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const spec = call.arguments[0];
        if (spec && ts.isStringLiteralLike(spec)) return resolveModule(call.getSourceFile().fileName, spec.text, call);
      }
    }
    return fail(expression, "a lazy component must be `lazyRouteComponent(() => import('./views/…'))`");
  };

  /** The view a route's `component` loads lazily, if it is `lazyRouteComponent(…)` (or a constant holding one). */
  const lazyViewOf = (node: ts.Expression, bindings: Bindings): string | undefined => {
    const expression = unwrap(node);
    if (ts.isCallExpression(expression) && isCallOf(expression, 'lazyRouteComponent')) {
      const importer = expression.arguments[0] ?? fail(expression, 'lazyRouteComponent without an importer');
      return importedBy(importer, bindings);
    }
    if (ts.isIdentifier(expression)) {
      const value = valueOf(expression, bindings);
      if (value && ts.isExpression(value.node)) return lazyViewOf(value.node, value.bindings);
    }
    return undefined;
  };

  // Every route declared at a file's top level, by its declaration.
  const routes = new Map<ts.Node, RouteDeclaration>();
  const made = new Set<ts.CallExpression>();
  for (const source of sources.values())
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const route = declaration.initializer && routeOf(declaration.initializer, new Map());
        if (route) {
          routes.set(declaration, route);
          made.add(route.call);
        }
      }
    }
  // A route made elsewhere (inside an expression, or by a factory no constant calls) would be missed: stop.
  for (const source of sources.values())
    source.forEachChild(function visit(node): void {
      if (ts.isCallExpression(node) && (isCallOf(node, 'createRoute') || isRootRouteCall(node)) && !made.has(node))
        fail(
          node,
          'a route must be a top-level constant (`export const xRoute = createRoute({…})`, or made by a factory’s call)',
        );
      node.forEachChild(visit);
    });

  const ids = new Map<RouteDeclaration, string>();
  /** The route's id as TanStack Router's Route.init makes it (router-core route.ts). */
  const idOf = (route: RouteDeclaration): string => {
    const known = ids.get(route);
    if (known !== undefined) return known;
    const pathNode = property(route.options, 'path');
    const idNode = property(route.options, 'id');
    let id: string;
    if (route.root) {
      id = ROOT_ID;
    } else {
      const getParent = property(route.options, 'getParentRoute');
      const parentName = getParent && ts.isArrowFunction(getParent) && !ts.isBlock(getParent.body) && unwrap(getParent.body);
      if (!parentName || !ts.isIdentifier(parentName))
        return fail(route.call, 'a route’s parent must be `getParentRoute: () => parentRoute`');
      const parentDeclaration = declarationOf(parentName.getSourceFile().fileName, parentName.text);
      const parent = parentDeclaration && routes.get(parentDeclaration);
      if (!parent) return fail(parentName, `\`${parentName.text}\` is not a route of renderer/routes`);
      let path = pathNode && textOf(pathNode, route.bindings);
      if (path && path !== '/') path = path.replace(/^\/+/, '');
      const customId = (idNode && textOf(idNode, route.bindings)) || path;
      const parentId = idOf(parent);
      id = `${parentId === ROOT_ID ? '' : parentId}/${customId ?? ''}`.replace(/\/{2,}/g, '/');
    }
    ids.set(route, id);
    return id;
  };

  const views = new Map<string, string>();
  for (const route of routes.values()) {
    const component = property(route.options, 'component');
    const view = component && lazyViewOf(component, route.bindings);
    if (!view) continue;
    const id = idOf(route);
    if (views.has(id)) fail(route.call, `two routes have the id ${id}`);
    views.set(id, view);
  }
  return new Map([...views].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** renderer/routes/route-views.ts: the map the server reads to preload a page's view (server/ssr/client-assets.ts). */
export function routeViewsFile(views: Map<string, string>): string {
  const quoted = (text: string) => {
    if (/['\\\n]/.test(text)) throw new Error(`cannot write ${text} in the route views`);
    return `'${text}'`;
  };
  return [
    '// Generated by `npm run gen` from renderer/routes/*.tsx (schemas/route-views.ts). Do not edit.',
    '// Route id -> the source file of the view its `component` loads lazily (its own chunk). The server reads',
    "// this to preload a page's view chunk with the entry, so hydration never waits for it.",
    'export const ROUTE_VIEWS: Record<string, string> = {',
    ...[...views].map(([id, view]) => `  ${quoted(id)}: ${quoted(view)},`),
    '};',
    '',
  ].join('\n');
}
