import type { en } from './en';

export const fr: Record<keyof typeof en, string> = {
};
