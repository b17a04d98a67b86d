import type { en } from './en';

export const ru: Record<keyof typeof en, string> = {
};
