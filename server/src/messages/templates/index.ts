import { en } from './en';
import { si } from './si';
import { ta } from './ta';
import type { LanguageTemplates } from './types';

export * from './types';

/** Languages with templates; a message in another language falls back to English. */
export const templates: Record<string, LanguageTemplates> = { en, si, ta };
