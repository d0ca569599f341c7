// ${...} placeholders: how a spec value becomes what is sent and what is expected. A placeholder
// read wrongly sends the wrong request or expects the wrong value, in every case that uses it.
import { describe, expect, it } from 'vitest';
import { interpolate, InterpolationError, lookup, placeholderRoots, previewPlaceholder } from '../../src/engine/run/interpolate.js';

const vars = { run: { id: 'ab12' }, n: 7, limits: { max2: 3, max: 4 }, nothing: null };

describe('placeholders', () => {
  it('a placeholder inside text is spliced as text; a number or an object as JSON', () => {
    expect(interpolate('id ${n}', vars)).toBe('id 7');
    expect(interpolate('${run.id}-${n}', vars)).toBe('ab12-7');
    expect(interpolate('l=${limits}', vars)).toBe('l={"max2":3,"max":4}');
  });

  it('spaces around the expression do not count', () => {
    expect(interpolate('${ run.id }', vars)).toBe('ab12');
    expect(interpolate("${ repeat('a', 2) }", vars)).toBe('aa');
    expect(lookup(vars, ' n ')).toBe(7);
  });

  it('walks objects and lists, and leaves null, numbers and booleans as they are', () => {
    expect(interpolate({ a: null, b: [true, 3, '${n}'], c: { d: '${run.id}' } }, vars)).toEqual({ a: null, b: [true, 3, 7], c: { d: 'ab12' } });
    expect(interpolate(null, vars)).toBeNull();
    expect(interpolate(undefined, vars)).toBeUndefined();
  });

  it('a name that reaches through nothing, a string or a number is not defined', () => {
    for (const [expr, part] of [
      ['nothing.x', 'x'],
      ['run.id.length', 'length'],
      ['n.toFixed', 'toFixed'],
    ]) {
      expect(() => lookup(vars, expr)).toThrow(InterpolationError);
      expect(() => lookup(vars, expr)).toThrow(`\${${expr}} is not defined (no "${part}")`);
    }
  });
});

describe('repeat()', () => {
  it('repeats text of any length, as often as the count says, with or without spaces', () => {
    expect(interpolate("${repeat('ab', 2)}", vars)).toBe('abab');
    expect(interpolate("${repeat('a',12)}", vars)).toBe('a'.repeat(12));
    expect(interpolate("${repeat('a', 0)}", vars)).toBe('');
  });

  it("unescapes a quote in the repeated text: 'it\\'s'", () => {
    expect(interpolate("${repeat('it\\'s', 2)}", vars)).toBe("it'sit's");
  });

  it('takes its count from a variable whose name ends in a digit, with an offset of any size', () => {
    expect(interpolate("${repeat('a', limits.max2)}", vars)).toBe('aaa');
    expect(interpolate("${repeat('a', limits.max+1)}", vars)).toBe('aaaaa');
    expect(interpolate("${repeat('a', limits.max + 10)}", vars)).toBe('a'.repeat(14));
    expect(interpolate("${repeat('a', limits.max -4)}", vars)).toBe('');
  });

  it('refuses a negative count, naming it', () => {
    expect(() => interpolate("${repeat('a', limits.max - 5)}", vars)).toThrow(new InterpolationError('repeat() count limits.max-5 is negative'));
    expect(() => interpolate("${repeat('a', below)}", { below: -1 })).toThrow(new InterpolationError('repeat() count below is negative'));
  });

  it('is repeat() only as the whole expression: anything before or after makes it a (missing) name', () => {
    expect(() => lookup(vars, "xrepeat('a', 2)")).toThrow('is not defined');
    expect(() => lookup(vars, "repeat('a', 2)x")).toThrow('is not defined');
  });
});

describe('padRunId(): a name at a length limit that still carries the run id', () => {
  it('"cf <run id> " padded with the text to exactly the length, which may come from the target with an offset', () => {
    expect(lookup(vars, "padRunId('m', 12)")).toBe('cf ab12 mmmm');
    expect(lookup(vars, "padRunId('m', 8)")).toBe('cf ab12 ');
    expect(lookup(vars, " padRunId('é', limits.max + 5) ")).toBe('cf ab12 é');
    expect(interpolate("${padRunId('x', limits.max2 + 10)}", vars)).toBe('cf ab12 xxxxx');
    expect([...(lookup(vars, "padRunId('😀', 10)") as string)].length).toBe(10);
  });

  it('refuses a length the prefix alone exceeds, and a run without an id', () => {
    expect(() => lookup(vars, "padRunId('m', 7)")).toThrow(new InterpolationError('padRunId() length 7 is shorter than "cf ab12 " (8)'));
    expect(() => lookup({}, "padRunId('m', 20)")).toThrow(new InterpolationError('${run.id} is not defined (no "run")'));
  });

  it('shows in a plan as the prefix, the text and the length; its roots are the run and the length', () => {
    expect(previewPlaceholder("padRunId('m', register.max_channel_folder_name_length + 1)")).toBe(
      `<"cf <run.id> " padded with 'm' to register.max_channel_folder_name_length + 1>`,
    );
    expect(previewPlaceholder("padRunId('m', 60)")).toBe(`<"cf <run.id> " padded with 'm' to 60>`);
    expect([...placeholderRoots("${padRunId('m', register.max)}")].sort()).toEqual(['register', 'run']);
    expect([...placeholderRoots("${padRunId('m', 60)}")]).toEqual(['run']);
  });
});

describe('previewPlaceholder: a placeholder as the plan shows it', () => {
  it('computes a repeat() with a literal count', () => {
    expect(previewPlaceholder("repeat('x', 3)")).toBe('xxx');
    expect(previewPlaceholder(" repeat('x', 12) ")).toBe('x'.repeat(12));
  });

  it('shows a repeat() whose count comes from the target as a formula', () => {
    expect(previewPlaceholder("repeat('x', register.max_topic_length + 1)")).toBe("<'x' × register.max_topic_length + 1>");
    expect(previewPlaceholder("repeat('x', limits.max2)")).toBe("<'x' × limits.max2>");
  });

  it('shows anything else by its name', () => {
    expect(previewPlaceholder(' channel_id ')).toBe('<channel_id>');
  });
});

describe('placeholderRoots', () => {
  it('names the root of a repeat() count whose name ends in a digit, spaces trimmed', () => {
    expect([...placeholderRoots("${repeat('d', max2)}")]).toEqual(['max2']);
    expect([...placeholderRoots('${ former.x }')]).toEqual(['former']);
    expect([...placeholderRoots("${ repeat('d', 12) }")]).toEqual([]);
    expect([...placeholderRoots(undefined)]).toEqual([]);
  });
});
