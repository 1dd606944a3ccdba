// Lists the exports of src/, common/ and server/ that no module imports (tests count as importers), and
// fails when there is one: such an export is dead code, or a name that should not be exported.
// Run by `npm run lint`.
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');

const CHECKED = /^(src|common|server)\//;
/** Generated files, whose exports a tool writes. */
const SKIPPED = /\.gen\.ts$/;

function loadProgram(): ts.Program {
  const configPath = path.join(ROOT, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  return ts.createProgram(parsed.fileNames, parsed.options);
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function main(): number {
  const program = loadProgram();
  const checker = program.getTypeChecker();
  const options = program.getCompilerOptions();
  const files = program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !relative(file.fileName).startsWith('..'));
  /** file → names other modules import from it; '*' for all of them. */
  const used = new Map<string, Set<string>>();
  const markUsed = (file: string, name: string) => {
    const names = used.get(file) ?? new Set<string>();
    names.add(name);
    used.set(file, names);
  };
  const target = (from: ts.SourceFile, specifier: ts.Node | undefined) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return null;
    const resolved = ts.resolveModuleName(specifier.text, from.fileName, options, ts.sys);
    return resolved.resolvedModule?.resolvedFileName ?? null;
  };

  for (const file of files) {
    const namespaces = new Map<string, string>();
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) {
        const to = target(file, node.moduleSpecifier);
        const clause = node.importClause;
        if (to && clause) {
          if (clause.name) markUsed(to, 'default');
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, to);
          if (bindings && ts.isNamedImports(bindings)) {
            for (const element of bindings.elements) {
              markUsed(to, (element.propertyName ?? element.name).text);
            }
          }
        }
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        const to = target(file, node.moduleSpecifier);
        if (to && node.exportClause && ts.isNamedExports(node.exportClause)) {
          for (const element of node.exportClause.elements) {
            markUsed(to, (element.propertyName ?? element.name).text);
          }
        } else if (to) markUsed(to, '*');
      } else if (
        (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) ||
        ts.isImportTypeNode(node)
      ) {
        const argument = ts.isCallExpression(node)
          ? node.arguments[0]
          : ts.isLiteralTypeNode(node.argument)
            ? node.argument.literal
            : undefined;
        const to = target(file, argument);
        if (to) markUsed(to, '*');
      } else if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        namespaces.has(node.expression.text)
      ) {
        markUsed(namespaces.get(node.expression.text) ?? '', node.name.text);
      } else if (
        // `repo.Alert` in a type: a namespace import's member named where a type goes.
        ts.isQualifiedName(node) &&
        ts.isIdentifier(node.left) &&
        namespaces.has(node.left.text)
      ) {
        markUsed(namespaces.get(node.left.text) ?? '', node.right.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const unused: string[] = [];
  for (const file of files) {
    const name = relative(file.fileName);
    if (!CHECKED.test(name) || SKIPPED.test(name)) continue;
    const symbol = checker.getSymbolAtLocation(file);
    if (!symbol) continue;
    const names = used.get(file.fileName) ?? new Set<string>();
    if (names.has('*')) continue;
    for (const exported of checker.getExportsOfModule(symbol)) {
      if (names.has(exported.name)) continue;
      const declaration = exported.declarations?.[0];
      const line = declaration
        ? declaration.getSourceFile().getLineAndCharacterOfPosition(declaration.getStart()).line + 1
        : 0;
      unused.push(`${name}:${line} ${exported.name}`);
    }
  }
  for (const entry of unused) console.error(`unused export: ${entry}`);
  if (unused.length > 0) {
    console.error(`${unused.length} exports nothing imports: remove them, or drop \`export\`.`);
    return 1;
  }
  return 0;
}

process.exitCode = main();
