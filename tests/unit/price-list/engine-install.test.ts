import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` reaches the npm registry only. onnxruntime-node (PaddleOCR's runtime, the price-list
 * bench's second text engine) fetches CUDA libraries from NuGet in its postinstall on linux/x64
 * unless told to skip: "--onnxruntime-node-install=skip", read by its install script from
 * npm_config_onnxruntime_node_install, which npm sets from the project's .npmrc.
 * Source: https://github.com/microsoft/onnxruntime/blob/main/js/node/script/install-utils.js (parseInstallFlag)
 * and https://www.npmjs.com/package/onnxruntime-node ("CUDA EP Installation").
 */
describe('npm ci without hosts beyond the npm registry', () => {
  it("tells onnxruntime-node's install to skip its GPU download, and its install script reads that setting", () => {
    const settings = readFileSync(new URL('../../../.npmrc', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    expect(settings).toContain('onnxruntime-node-install=skip');
    const script = readFileSync(new URL('../../../node_modules/onnxruntime-node/script/install-utils.js', import.meta.url), 'utf8');
    expect(script).toContain('process.env.npm_config_onnxruntime_node_install');
    expect(script).toMatch(/case 'skip':\s*return false;/);
  });
});
