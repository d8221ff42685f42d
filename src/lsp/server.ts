/**
 * `plexlint lsp --stdio`: the language server editors run (the VS Code extension in editors/vscode, or any LSP
 * client), built on vscode-languageserver and vscode-languageserver-textdocument. The documents live in
 * ./session.ts; each request is answered by one module (hover, navigation, symbols, completion, code actions).
 *
 * The library is loaded on first use: `plexlint check` never pays for it.
 */
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import type * as Lsp from 'vscode-languageserver/node';
import type * as TextDocs from 'vscode-languageserver-textdocument';
import { codeActions } from './code-actions.js';
import { completions } from './completion.js';
import { toLsp, type DiagnosticLinks } from './diagnostics.js';
import { hover } from './hover.js';
import { definition, references, type Target } from './navigation.js';
import { clampPosition, pathOf, rangeOf, uriOf } from './positions.js';
import { Session } from './session.js';
import { documentSymbols, type OutlineSymbol } from './symbols.js';

const require = createRequire(import.meta.url);

export interface ServerOptions extends DiagnosticLinks {
  input: Readable;
  output: Writable;
  version: string;
  /** Milliseconds between the last change and the check. */
  debounceMs?: number;
}

/** Initialization options a client may send (the VS Code extension sends none; other editors may). */
interface InitOptions {
  debounceMs?: number;
}

export function startServer(options: ServerOptions): void {
  const lsp = require('vscode-languageserver/node') as typeof Lsp;
  const { TextDocument } = require('vscode-languageserver-textdocument') as typeof TextDocs;
  const connection = lsp.createConnection(new lsp.StreamMessageReader(options.input), new lsp.StreamMessageWriter(options.output));
  const documents = new lsp.TextDocuments(TextDocument);
  let session: Session | undefined;
  const log = (message: string): void => connection.console.error(message);

  connection.onInitialize((params) => {
    const roots = (params.workspaceFolders ?? []).map((f) => pathOf(f.uri)).filter((p): p is string => p !== undefined);
    if (!roots.length && params.rootUri) {
      const root = pathOf(params.rootUri);
      if (root) roots.push(root);
    }
    const init = (params.initializationOptions ?? {}) as InitOptions;
    session = new Session({
      roots,
      debounceMs: init.debounceMs ?? options.debounceMs ?? 200,
      log,
      publish: (uri, diagnostics, version, absolute) => {
        void connection.sendDiagnostics({ uri, version, diagnostics: diagnostics.map((d) => toLsp(d, absolute, options)) });
      },
    });
    return {
      capabilities: {
        textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        completionProvider: { triggerCharacters: [] },
        codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix, 'source.fixAll.plexlint'] },
        workspace: { workspaceFolders: { supported: true } },
      },
      serverInfo: { name: 'plexlint', version: options.version },
    };
  });

  documents.onDidOpen((e) => session?.open(e.document.uri, e.document.getText(), e.document.version));
  documents.onDidChangeContent((e) => session?.change(e.document.uri, e.document.getText(), e.document.version));
  documents.onDidClose((e) => session?.close(e.document.uri));
  connection.onDidChangeWatchedFiles(() => session?.filesChanged());

  const guard = <T>(what: string, answer: () => T, fallback: T): T => {
    try {
      return answer();
    } catch (e) {
      log(`plexlint: ${what} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return fallback;
    }
  };
  const location = (t: Target): Lsp.Location => ({ uri: uriOf(t.path), range: rangeOf(t.loc) });
  const symbol = (s: OutlineSymbol): Lsp.DocumentSymbol => ({
    name: s.name,
    detail: s.detail,
    kind: s.kind as Lsp.SymbolKind,
    range: rangeOf(s.loc),
    selectionRange: rangeOf(s.selection),
    children: s.children.map(symbol),
  });

  connection.onHover((p) =>
    guard('hover', () => {
      const ctx = session?.context(p.textDocument.uri);
      const h = ctx && hover(ctx, clampPosition(ctx.source, p.position), options);
      return h ? { contents: { kind: lsp.MarkupKind.Markdown, value: h.markdown }, range: rangeOf(h.range) } : null;
    }, null),
  );
  connection.onDefinition((p) =>
    guard('definition', () => {
      const ctx = session?.context(p.textDocument.uri);
      return ctx ? definition(ctx, clampPosition(ctx.source, p.position)).map(location) : [];
    }, []),
  );
  connection.onReferences((p) =>
    guard('references', () => {
      const ctx = session?.context(p.textDocument.uri);
      return ctx ? references(ctx, clampPosition(ctx.source, p.position), p.context.includeDeclaration).map(location) : [];
    }, []),
  );
  connection.onDocumentSymbol((p) =>
    guard('document symbols', () => {
      const ctx = session?.context(p.textDocument.uri);
      return ctx ? documentSymbols(ctx).map(symbol) : [];
    }, []),
  );
  connection.onCompletion((p) =>
    guard('completion', () => {
      const ctx = session?.context(p.textDocument.uri);
      return ctx ? completions(ctx, clampPosition(ctx.source, p.position)).map((c) => ({ ...c, kind: c.kind as Lsp.CompletionItemKind })) : [];
    }, []),
  );
  connection.onCodeAction((p) =>
    guard('code actions', () => {
      const ctx = session?.context(p.textDocument.uri);
      if (!ctx) return [];
      const range = { start: clampPosition(ctx.source, p.range.start), end: clampPosition(ctx.source, p.range.end) };
      return codeActions(ctx, range, p.context.only).map((a) => ({
        title: a.title,
        kind: a.kind,
        ...(a.diagnostic ? { diagnostics: [toLsp(a.diagnostic, ctx.absolute, options)] } : {}),
        ...(a.preferred ? { isPreferred: true } : {}),
        edit: { changes: { [p.textDocument.uri]: a.edits } },
      }));
    }, []),
  );
  // The protocol: exit ends the process with 0 after a shutdown request, 1 without one.
  let shutdown = false;
  connection.onShutdown(() => {
    shutdown = true;
    session?.dispose();
  });
  connection.onExit(() => process.exit(shutdown ? 0 : 1));

  documents.listen(connection);
  connection.listen();
}
