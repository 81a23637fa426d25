import { z } from 'zod';

/**
 * The parts of an IBM Watson Assistant v1 workspace export the import reads. Watson writes explicit
 * nulls and empty arrays for what a node does not use, so every optional part also takes null.
 * Other keys (metadata, entities, counterexamples…) are let through untouched.
 */
const maybe = <T extends z.ZodType>(schema: T) => schema.nullish();
const text = z.string();

/** output.text: a string, a list of variants, or { values, selection_policy }. */
export const WatsonOutputText = z.union([text, z.array(text), z.looseObject({ values: maybe(z.array(text)), selection_policy: maybe(text) })]);

export const WatsonGeneric = z.looseObject({
  response_type: text,
  values: maybe(z.array(z.looseObject({ text: maybe(text) }))),
  selection_policy: maybe(text),
  title: maybe(text),
  description: maybe(text),
  source: maybe(text),
  options: maybe(z.array(z.looseObject({ label: text, value: maybe(z.unknown()) })))
});

export const WatsonNode = z.looseObject({
  dialog_node: text.min(1),
  title: maybe(text),
  type: maybe(text),
  conditions: maybe(text),
  parent: maybe(text),
  previous_sibling: maybe(text),
  output: maybe(z.looseObject({ text: maybe(WatsonOutputText), generic: maybe(z.array(WatsonGeneric)) })),
  next_step: maybe(z.looseObject({ behavior: maybe(text), dialog_node: maybe(text), selector: maybe(text) })),
  actions: maybe(z.array(z.unknown())),
  context: maybe(z.record(z.string(), z.unknown()))
});

export const WatsonIntent = z.looseObject({ intent: text.min(1), examples: maybe(z.array(z.looseObject({ text }))) });

export const WatsonExport = z.looseObject({
  name: maybe(text),
  language: maybe(text),
  intents: maybe(z.array(WatsonIntent)),
  dialog_nodes: maybe(z.array(WatsonNode))
});

export type WatsonExport = z.infer<typeof WatsonExport>;
export type WatsonNode = z.infer<typeof WatsonNode>;
export type WatsonGeneric = z.infer<typeof WatsonGeneric>;
