import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

/**
 * The layering rules of eslint.config.js, each shown a bad import: a rule that is deleted,
 * mistyped or overridden by a later block fails here instead of passing silently. The repository's
 * own config is used; only type information is left out (these rules need none, and building the
 * program would take longer than the whole file).
 */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { project: null, projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => /no-restricted-imports$/.test(message.ruleId ?? '')).map((message) => message.message);
}

describe('layering rules', () => {
  it.each([
    ['functions/core/booking/a.ts', "import { deps as value } from '../../composition-root.js';"],
    ['functions/store/a.ts', "import { deps as value } from '../composition-root.js';"],
    ['functions/providers/a.ts', "import { deps as value } from '@functions/composition-root';"],
  ])('refuses the composition root from %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/do not import the composition root/)]);
  });

  it.each([
    ['functions/core/a.ts', "import { header as value } from '../http/handler.js';"],
    ['functions/core/billing/a.ts', "import { header as value } from '@functions/http/handler';"],
    ['functions/core/a.ts', "import { handler as value } from '@functions/api/get-salon';"],
    ['functions/store/a.ts', "import { handler as value } from '../api/get-salon.js';"],
  ])('refuses the HTTP layer from %s, relative or through the alias', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/may not import the HTTP layer/)]);
  });

  it.each([
    "import { createSalonStore as value } from '@functions/store/salon-store';",
    "import { createSandboxSms as value } from '@functions/providers/sandbox-sms';",
  ])('refuses the store and the adapters in the web app: %s', async (code) => {
    expect(await importErrors('web/src/pages/a.tsx', code)).toEqual([expect.stringMatching(/does not import the store or the vendor adapters/)]);
  });

  it('still refuses climbing out of web/ alongside the store rule', async () => {
    expect(await importErrors('web/src/pages/a.tsx', "import { messages as value } from '../../../functions/contracts/messages';")).toEqual([
      expect.stringMatching(/Import shared code as '@functions/),
    ]);
  });

  it.each([
    ['web/src/features/billing/a.ts', "import { currentOwner as value } from '../auth/session';"],
    ['web/src/features/billing/a.ts', "import { currentOwner as value } from '../../features/auth/session';"],
    ['web/src/features/setup/components/a.tsx', "import { currentOwner as value } from '../../auth/session';"],
    ['web/src/features/setup/components/deeper/a.tsx', "import { currentOwner as value } from '../../../auth/session';"],
  ])('refuses another feature’s inner module from %s', async (file, code) => {
    const errors = await importErrors(file, code);
    expect(errors).toEqual([expect.stringMatching(/through its public file/)]);
  });

  it('lets a feature reach another through its public file, and its own modules and the shared ones freely', async () => {
    expect(await importErrors('web/src/features/billing/a.ts', "import { currentOwner as value } from '../auth';")).toEqual([]);
    expect(await importErrors('web/src/features/setup/components/a.tsx', "import { loadSetup as value } from '../api';")).toEqual([]);
    expect(await importErrors('web/src/features/setup/components/a.tsx', "import { apiFetch as value } from '../../../lib/api-client';")).toEqual([]);
    expect(await importErrors('web/src/features/billing/a.ts', "import { messages as value } from '@functions/contracts/messages';")).toEqual([]);
  });
});
