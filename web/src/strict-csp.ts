import { parseWithoutEval } from '@backoffice/contract/strict-csp';

// Imported first by main.tsx, before any module builds a schema: Zod probes for eval when the first
// object schema is built, so this must run before the contract is evaluated.
parseWithoutEval();
