// The quirks a server was started with, as the ground of the server sees them: a set of names.
// Which names exist is the registry's to say (../quirks.ts, beside server.ts, which gathers every
// area's): it fills QuirkRegistry in by declaration merging, so a misspelt name still does not
// compile, and nothing here imports an area.

/** One key per quirk name; ../quirks.ts declares them (declare module ... interface QuirkRegistry). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface QuirkRegistry {}

export type QuirkName = Extract<keyof QuirkRegistry, string>;

export type Quirks = ReadonlySet<QuirkName>;
