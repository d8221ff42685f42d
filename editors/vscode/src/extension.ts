/**
 * The plexlint extension for VS Code: a language client for `plexlint lsp --stdio`, run from the installed plexlint
 * package (./server-path.ts). It gives TCP/IP profiles and dscontrol configurations their languages (also for files
 * that only the plexlint.files.* settings recognise), and sends those, go scripts, OMPROUTE configurations,
 * plugin-cfg.xml, cluster.xml and plexlint.yaml to the server, which answers with diagnostics, hovers,
 * definitions, symbols, completion and code actions.
 */
import { realpathSync, existsSync } from 'node:fs';
import { delimiter } from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type DocumentSelector, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { findServer } from './server-path';

let client: LanguageClient | undefined;

/** The files the server checks: its own languages, and the other kinds of input by name. */
const selector: DocumentSelector = [
  { language: 'tcpip-profile' },
  { language: 'dscontrol' },
  { pattern: '**/go{Active,Standby,InOp,Idle}*' },
  { pattern: '**/{omproute,OMPROUTE}*{,/*}' },
  { pattern: '**/{plugin-cfg*.xml,cluster.xml}' },
  { pattern: '**/plexlint.{yaml,yml}' },
];

/** A plain-text (or .cfg) file that the plexlint.files.* settings name gets the language they give it. */
function assignLanguage(doc: vscode.TextDocument): void {
  if (doc.uri.scheme !== 'file' || !['plaintext', 'properties', 'ini'].includes(doc.languageId)) return;
  const config = vscode.workspace.getConfiguration('plexlint', doc.uri);
  const matches = (key: string): boolean => (config.get<string[]>(key) ?? []).some((pattern) => vscode.languages.match({ pattern }, doc) > 0);
  if (matches('files.profiles')) void vscode.languages.setTextDocumentLanguage(doc, 'tcpip-profile');
  else if (matches('files.dscontrol')) void vscode.languages.setTextDocumentLanguage(doc, 'dscontrol');
}

async function start(output: vscode.LogOutputChannel): Promise<void> {
  const config = vscode.workspace.getConfiguration('plexlint');
  const found = findServer({
    setting: config.get<string | null>('path'),
    folders: (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
    path: process.env['PATH'] ?? '',
    delimiter,
    exists: existsSync,
    realpath: (p) => realpathSync(p),
  });
  if ('error' in found) {
    output.error(found.error);
    void vscode.window.showErrorMessage(`plexlint: ${found.error}.`);
    return;
  }
  output.info(`starting the language server of ${found.module} (${found.from})`);
  const runtime = config.get<string | null>('runtime') ?? undefined;
  const run = { module: found.module, args: ['lsp', '--stdio'], transport: TransportKind.stdio, ...(runtime ? { runtime } : {}) };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: selector,
    outputChannel: output,
    synchronize: {
      // Files that change on disk (a git checkout, another editor) are checked again, with the estate around them.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*'),
    },
  };
  client = new LanguageClient('plexlint', 'plexlint', serverOptions, clientOptions);
  await client.start();
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('plexlint', { log: true });
  context.subscriptions.push(output);
  vscode.workspace.textDocuments.forEach(assignLanguage);
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(assignLanguage),
    vscode.commands.registerCommand('plexlint.restartServer', async () => {
      await client?.stop();
      client = undefined;
      await start(output);
    }),
    vscode.commands.registerCommand('plexlint.showOutput', () => output.show()),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('plexlint.files')) vscode.workspace.textDocuments.forEach(assignLanguage);
      if (e.affectsConfiguration('plexlint.path') || e.affectsConfiguration('plexlint.runtime')) {
        await client?.stop();
        client = undefined;
        await start(output);
      }
    }),
  );
  await start(output);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
