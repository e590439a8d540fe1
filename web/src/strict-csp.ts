import { parseWithoutEval } from '@backoffice/contract';

// Imported first by main.tsx, before any schema parses (contract/src/strict-csp.ts says why).
parseWithoutEval();
