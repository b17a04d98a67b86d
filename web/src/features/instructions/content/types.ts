import type { InstructionStep } from 'shared/domain/integration';

/**
 * Instruction pages are documentation: long texts, tables and code, written per language in
 * these modules (loaded with the page's chunk, one language at a time) rather than as hundreds
 * of catalogue ids. The UI around them (status, help, buttons) uses the catalogues as usual.
 */
export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'file'; label: string; href: string; note: string }
  | { kind: 'image'; src: string; alt: string; caption: string }
  | { kind: 'table'; caption: string; head: string[]; rows: string[][] }
  | { kind: 'code'; caption: string; code: string };

interface InstructionContent {
  description: string;
  blocks: Block[];
}

export type InstructionLibrary = Record<InstructionStep, InstructionContent>;
