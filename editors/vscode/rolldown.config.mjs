// Bundles the extension (src/extension.ts and vscode-languageclient) into one CommonJS file, dist/extension.cjs:
// VS Code loads it; `vscode` is provided by VS Code itself. The language server is not in it: it runs from the
// installed plexlint package (src/server-path.ts).
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: 'src/extension.ts',
  platform: 'node',
  external: ['vscode'],
  output: { file: 'dist/extension.cjs', format: 'cjs', sourcemap: false, minify: true },
});
